import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { LookupAnswer } from "@/domain/lookup";
import { localized } from "@/i18n/locales";
import { type AdviceItem, LookupAnswerView } from "./lookup-answer";
import type { ListWords } from "@/view/list-words";

const BOX = "rounded-lg border p-4";
const strong = (chunks: ReactNode) => <strong className="whitespace-nowrap font-mono">{chunks}</strong>;

/** The page of a tenant with a lookup session: which account it shows, how it was proven, how to end it; then the answer. */
export function LookupSessionView({ slug, answer, advice, provider, words }: { slug: string; answer: LookupAnswer; advice: AdviceItem[]; provider: string; words: ListWords }) {
  const t = useTranslations("lookup.session");
  const locale = useLocale();
  const proof = answer.proof.kind === "account" ? answer.proof : null;
  return (
    <div className="space-y-6">
      <div className={`${BOX} flex flex-wrap items-center justify-between gap-3 border-slate-300 bg-slate-50 text-sm dark:border-slate-700 dark:bg-slate-900`}>
        <p>
          {t.rich("showing", {
            ending: proof?.accountEnding ?? "",
            via: proof?.via === "openid" ? "openid" : "link",
            provider,
            until: proof ? `${proof.expiresAt.slice(11, 16)} UTC` : t("untilEnd"),
            strong,
          })}
        </p>
        <form method="post" action={localized(locale, `/incidents/${slug}/lookup/signout`)}>
          <button
            type="submit"
            className="rounded-md border border-slate-500 px-3 py-1 font-semibold hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800"
          >
            {t("signOut")}
          </button>
        </form>
      </div>
      <LookupAnswerView answer={answer} advice={advice} words={words} />
    </div>
  );
}
