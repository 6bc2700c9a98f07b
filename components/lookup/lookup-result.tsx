import type { ReactNode } from "react";
import type { LookupState } from "./lookup-state";

/** A recommendation, already rendered on the server (its Markdown needs no parser in the browser). */
export type AdviceItem = { id: number; body: ReactNode };

const BOX = "rounded-lg border p-5";
/** A cell: a column from sm up, below it a line that names its column. */
const CELL = "py-1 pr-3 max-sm:block max-sm:py-0 max-sm:before:font-sans max-sm:before:font-semibold max-sm:before:content-[attr(data-label)':_']";

function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function LookupResult({ state, advice }: { state: LookupState; advice: AdviceItem[] }) {
  switch (state.status) {
    case "idle":
      return (
        <p className="text-slate-700 dark:text-slate-300">
          Enter your account id to see whether any of its requests were among the affected responses.
        </p>
      );
    case "invalid":
      return (
        <div role="alert" className={`${BOX} border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/40`}>
          <h2 className="text-lg font-semibold">Nothing was checked</h2>
          <ul className="mt-2 list-disc pl-5">
            {state.errors.map((e) => (
              <li key={`${e.field}-${e.message}`}>{e.field.startsWith("requestIds.") ? `${e.field.replace("requestIds.", "Line ")}: ${e.message}` : e.message}</li>
            ))}
          </ul>
        </div>
      );
    case "limited":
      return (
        <div role="alert" className={`${BOX} border-amber-600 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40`}>
          <h2 className="text-lg font-semibold">Too many lookups</h2>
          <p className="mt-2">Nothing was checked. Try again in {state.retryAfterSeconds} seconds.</p>
        </div>
      );
    case "not-found":
      return (
        <div role="alert" className={`${BOX} border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/40`}>
          <h2 className="text-lg font-semibold">This incident is not published</h2>
        </div>
      );
    case "no-list":
      return (
        <div role="alert" className={`${BOX} border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900`}>
          <h2 className="text-lg font-semibold">Nothing can be checked yet</h2>
          <p className="mt-2">
            {state.list === "none"
              ? "No affected list has been published for this incident, so nothing here says whether your account was affected."
              : "This record carries only the counts of its affected list, not the list itself, so no account can be checked here."}
          </p>
        </div>
      );
    case "answer":
      return <Answer state={state} advice={advice} />;
  }
}

function Answer({ state, advice }: { state: Extract<LookupState, { status: "answer" }>; advice: AdviceItem[] }) {
  const { answer } = state;
  const sample = answer.sampleData ? " (sample data, not the provider's list)" : "";
  const account = <p className="text-sm text-slate-700 dark:text-slate-300">Account ending …{state.accountEnding}</p>;
  return (
    <div className="space-y-5">
      {answer.affected ? (
        <div className={`${BOX} border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/40`}>
          {account}
          <h2 className="text-xl font-semibold">Your account was affected{sample}</h2>
          <p className="mt-2">
            {answer.responses} affected {answer.responses === 1 ? "response" : "responses"} between {when(answer.firstAt ?? "")}{" "}
            and {when(answer.lastAt ?? "")}: in {answer.byRole.recipient} your account received fragments of another
            customer&apos;s session; in {answer.byRole.exposed} fragments of your session appeared in another
            customer&apos;s response.
          </p>
        </div>
      ) : (
        <div className={`${BOX} border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950/40`}>
          {account}
          <h2 className="text-xl font-semibold">No affected responses for this account{sample}</h2>
          <p className="mt-2">
            None of the affected responses on record belong to this account id. If the record changes, this answer
            can too.
          </p>
        </div>
      )}
      {state.checked && (
        <div>
          <h3 className="font-semibold">The request ids you gave</h3>
          <ul className="mt-2 space-y-1 font-mono text-sm">
            {answer.checkedRequestIds.map((c) => (
              <li key={c.requestId} className="break-all">
                {c.requestId}: <strong>{c.affected ? "affected" : "not among this account's affected responses"}</strong>
              </li>
            ))}
          </ul>
        </div>
      )}
      {answer.requests.length > 0 && (
        // On a phone each row is a small block of labelled lines: four columns do not fit 390 px.
        <table className="w-full text-left text-sm max-sm:block">
          <caption className="text-left font-semibold max-sm:block">This account&apos;s affected responses</caption>
          <thead className="max-sm:sr-only">
            <tr className="border-b border-slate-300 dark:border-slate-700">
              <th scope="col" className="py-1 pr-3">Request id</th>
              <th scope="col" className="py-1 pr-3">When (UTC)</th>
              <th scope="col" className="py-1 pr-3">Prompt tokens</th>
              <th scope="col" className="py-1">Role</th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {answer.requests.map((r) => (
              <tr key={`${r.requestId}-${r.role}`} className="border-b border-slate-200 dark:border-slate-800 max-sm:block max-sm:py-2">
                <td data-label="Request id" className={`${CELL} font-mono break-all`}>{r.requestId}</td>
                <td data-label="When (UTC)" className={`${CELL} sm:whitespace-nowrap`}>{when(r.occurredAt)}</td>
                <td data-label="Prompt tokens" className={CELL}>{r.promptTokens.toLocaleString("en-US")}</td>
                <td data-label="Role" className={CELL}>{r.role === "recipient" ? "received another's data" : "own data exposed"}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
