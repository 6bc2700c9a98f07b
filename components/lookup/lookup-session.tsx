import type { LookupAnswer } from "@/domain/lookup";
import { type AdviceItem, LookupAnswerView } from "./lookup-answer";
import type { ListWords } from "@/view/list-words";

const BOX = "rounded-lg border p-4";

/** The page of a tenant with a lookup session: which account it shows, how it was proven, how to end it; then the answer. */
export function LookupSessionView({ slug, answer, advice, provider, words }: { slug: string; answer: LookupAnswer; advice: AdviceItem[]; provider: string; words: ListWords }) {
  const proof = answer.proof.kind === "account" ? answer.proof : null;
  return (
    <div className="space-y-6">
      <div className={`${BOX} flex flex-wrap items-center justify-between gap-3 border-slate-300 bg-slate-50 text-sm dark:border-slate-700 dark:bg-slate-900`}>
        <p>
          Showing account ending <strong className="font-mono">…{proof?.accountEnding}</strong>,{" "}
          {proof?.via === "openid" ? `signed in with ${provider}` : "from the link in your provider's notice"}, until{" "}
          {proof ? `${proof.expiresAt.slice(11, 16)} UTC` : "the session ends"}.
        </p>
        <form method="post" action={`/incidents/${slug}/lookup/signout`}>
          <button
            type="submit"
            className="rounded-md border border-slate-500 px-3 py-1 font-semibold hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800"
          >
            Sign out of this lookup
          </button>
        </form>
      </div>
      <LookupAnswerView answer={answer} advice={advice} words={words} />
    </div>
  );
}
