import type { ReactNode } from "react";
import type { LookupAnswer } from "@/domain/lookup";
import { LookupRows } from "./lookup-rows";
import { LocalTime } from "@/components/ui/local-time";
import { capitalize } from "@/lib/words";
import type { ListWords } from "@/view/list-words";
import { plural } from "@/lib/count";

/** A recommendation, already rendered on the server (its Markdown needs no parser in the browser). */
export type AdviceItem = { id: number; body: ReactNode };

const BOX = "rounded-lg border p-5";
const RED = `${BOX} border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/40`;
const GREEN = `${BOX} border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950/40`;

/** What a proven lookup shows: the whole account for its owner, or only the request ids given. The page and the form both show this. */
export function LookupAnswerView({ answer, advice, words }: { answer: LookupAnswer; advice: AdviceItem[]; words: ListWords }) {
  const sample = answer.sampleData ? " (sample data, not the provider's list)" : "";
  return (
    <div className="space-y-5">
      {answer.covers === "account" ? <AccountVerdict answer={answer} sample={sample} words={words} /> : <RequestIdsVerdict answer={answer} sample={sample} words={words} />}
      {answer.rows.length > 0 && (
        <LookupRows requests={answer.rows} words={words} caption={answer.covers === "account" ? `This account's affected ${words.unitMany}` : `The affected ${words.unitMany} among the request ids you gave`} />
      )}
      {answer.covers === "account" && answer.rows.length > 0 && (
        <p className="text-sm">
          Download these {words.unitMany}, this account&apos;s only:{" "}
          <a className="underline" href={`/incidents/${encodeURIComponent(answer.incident)}/lookup/rows?format=csv`} download>
            CSV
          </a>{" "}
          ·{" "}
          <a className="underline" href={`/incidents/${encodeURIComponent(answer.incident)}/lookup/rows?format=json`} download>
            JSON
          </a>
        </p>
      )}
      <div>
        <h3 className="font-semibold">What to do</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {advice.map((a) => (
            <li key={a.id}>{a.body}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          {words.contact ? (
            <>
              Whom to contact: {words.contact.href ? <a className="underline" href={words.contact.href}>{words.contact.text}</a> : words.contact.text}
            </>
          ) : (
            "The record names no way to contact the provider about this incident: none of its sources gives one."
          )}
        </p>
      </div>
    </div>
  );
}

function AccountVerdict({ answer, sample, words }: { answer: Extract<LookupAnswer, { covers: "account" }>; sample: string; words: ListWords }) {
  const ending = answer.proof.kind === "account" ? answer.proof.accountEnding : "";
  const account = <p className="text-sm text-slate-700 dark:text-slate-300">Account ending …{ending}</p>;
  if (!answer.affected) {
    return (
      <div className={GREEN}>
        {account}
        <h2 className="text-xl font-semibold">
          No affected {words.unitMany} for this account{sample}
        </h2>
        <p className="mt-2">None of the affected {words.unitMany} on record belong to this account. If the record changes, this answer can too.</p>
      </div>
    );
  }
  return (
    <div className={RED}>
      {account}
      <h2 className="text-xl font-semibold">Your account was affected{sample}</h2>
      <p className="mt-2">
        {plural(answer.affectedRows, `affected ${words.unitOne}`, `affected ${words.unitMany}`)}
        {answer.firstAt && answer.lastAt && answer.firstAt === answer.lastAt && (
          <>
            {" on "}
            <LocalTime at={answer.firstAt} />
          </>
        )}
        {answer.firstAt && answer.lastAt && answer.firstAt !== answer.lastAt && (
          <>
            {" between "}
            <LocalTime at={answer.firstAt} />
            {" and "}
            <LocalTime at={answer.lastAt} />
          </>
        )}
        :
      </p>
      <ul className="mt-1 list-disc pl-5">
        {Object.entries(answer.byRole).map(([role, count]) => (
          <li key={role}>
            {words.roles[role] ?? role}: {count === 0 ? "none recorded" : count}
          </li>
        ))}
      </ul>
      <DataNamed answer={answer} words={words} />
    </div>
  );
}

/** Per row, which of the owner's data the record names, in its own words, and when. */
function DataNamed({ answer, words }: { answer: LookupAnswer; words: ListWords }) {
  const rows = answer.rows.filter((r) => r.dataClasses.length > 0);
  if (rows.length === 0) return null;
  return (
    <>
      <p className="mt-3 font-semibold">Which of your data, as the record names it:</p>
      <ul className="mt-1 list-disc pl-5">
        {rows.map((r, i) => (
          <li key={`${r.requestId ?? i}-${r.role}`}>
            {capitalize(words.roles[r.role] ?? r.role)}: {r.dataClasses.map((c) => words.classes[c] ?? c).join(", ")}
            {r.occurredAt && (
              <>
                {" ("}
                <LocalTime at={r.occurredAt} />)
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function RequestIdsVerdict({ answer, sample, words }: { answer: Extract<LookupAnswer, { covers: "request-ids" }>; sample: string; words: ListWords }) {
  const hit = answer.checkedRequestIds.filter((c) => c.affected).length;
  const given = answer.checkedRequestIds.length;
  return (
    <div className={hit > 0 ? RED : GREEN}>
      <h2 className="text-xl font-semibold">
        {hit > 0 ? `${plural(hit, "of your requests was", "of your requests were")} affected${sample}` : `None of these requests was affected${sample}`}
      </h2>
      <p className="mt-2">
        Checked {plural(given, "request id", "request ids")} against this account&apos;s affected {words.unitMany}. This answer covers only these requests,
        not the rest of the account: for all of it, open the link in your provider&apos;s notice.
      </p>
      <ul className="mt-3 space-y-1 font-mono text-sm">
        {answer.checkedRequestIds.map((c) => (
          <li key={c.requestId} className="break-all">
            {c.requestId}: <strong>{c.affected ? "affected" : `not among this account's affected ${words.unitMany}`}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
