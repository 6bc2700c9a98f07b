import type { ReactNode } from "react";
import type { LookupAnswer } from "@/domain/lookup";
import { LookupRows, when } from "./lookup-rows";
import { plural } from "@/lib/count";

/** A recommendation, already rendered on the server (its Markdown needs no parser in the browser). */
export type AdviceItem = { id: number; body: ReactNode };

const BOX = "rounded-lg border p-5";
const RED = `${BOX} border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/40`;
const GREEN = `${BOX} border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950/40`;

/** What a proven lookup shows: the whole account for its owner, or only the request ids given. The page and the form both show this. */
export function LookupAnswerView({ answer, advice }: { answer: LookupAnswer; advice: AdviceItem[] }) {
  const sample = answer.sampleData ? " (sample data, not the provider's list)" : "";
  return (
    <div className="space-y-5">
      {answer.covers === "account" ? <AccountVerdict answer={answer} sample={sample} /> : <RequestIdsVerdict answer={answer} sample={sample} />}
      {answer.requests.length > 0 && (
        <LookupRows requests={answer.requests} caption={answer.covers === "account" ? "This account's affected responses" : "The affected responses among the request ids you gave"} />
      )}
      <div>
        <h3 className="font-semibold">What to do</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {advice.map((a) => (
            <li key={a.id}>{a.body}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function AccountVerdict({ answer, sample }: { answer: Extract<LookupAnswer, { covers: "account" }>; sample: string }) {
  const ending = answer.proof.kind === "account" ? answer.proof.accountEnding : "";
  const account = <p className="text-sm text-slate-700 dark:text-slate-300">Account ending …{ending}</p>;
  if (!answer.affected) {
    return (
      <div className={GREEN}>
        {account}
        <h2 className="text-xl font-semibold">No affected responses for this account{sample}</h2>
        <p className="mt-2">None of the affected responses on record belong to this account. If the record changes, this answer can too.</p>
      </div>
    );
  }
  return (
    <div className={RED}>
      {account}
      <h2 className="text-xl font-semibold">Your account was affected{sample}</h2>
      <p className="mt-2">
        {plural(answer.responses, "affected response", "affected responses")} between {when(answer.firstAt ?? "")} and {when(answer.lastAt ?? "")}: in{" "}
        {answer.byRole.recipient} your account received fragments of another customer&apos;s session
        {answer.byRole.exposed > 0
          ? `; in ${answer.byRole.exposed} fragments of your session appeared in another customer's response.`
          : ". The list records no response in which your session appeared in another customer's."}
      </p>
    </div>
  );
}

function RequestIdsVerdict({ answer, sample }: { answer: Extract<LookupAnswer, { covers: "request-ids" }>; sample: string }) {
  const hit = answer.checkedRequestIds.filter((c) => c.affected).length;
  const given = answer.checkedRequestIds.length;
  return (
    <div className={hit > 0 ? RED : GREEN}>
      <h2 className="text-xl font-semibold">
        {hit > 0 ? `${plural(hit, "of your requests was", "of your requests were")} affected${sample}` : `None of these requests was affected${sample}`}
      </h2>
      <p className="mt-2">
        Checked {plural(given, "request id", "request ids")} against this account&apos;s affected responses. This answer covers only these requests,
        not the rest of the account: for all of it, open the link in your provider&apos;s notice.
      </p>
      <ul className="mt-3 space-y-1 font-mono text-sm">
        {answer.checkedRequestIds.map((c) => (
          <li key={c.requestId} className="break-all">
            {c.requestId}: <strong>{c.affected ? "affected" : "not among this account's affected responses"}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
