import { type AdviceItem, LookupAnswerView } from "./lookup-answer";
import type { LookupState } from "./lookup-state";
import { NO_LIST } from "@/view/lookup-messages";
import type { ListWords } from "@/view/list-words";

export type { AdviceItem } from "./lookup-answer";

const BOX = "rounded-lg border p-5";

/** What the request-id form answered. */
export function LookupResult({ state, advice, words }: { state: LookupState; advice: AdviceItem[]; words: ListWords }) {
  switch (state.status) {
    case "idle":
      return (
        <p className="text-slate-700 dark:text-slate-300">
          Give your account id and request ids from your own logs to see whether those requests were among the affected {words.unitMany}.
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
            {NO_LIST[state.list]}
          </p>
        </div>
      );
    case "answer":
      return <LookupAnswerView answer={state.answer} advice={advice} words={words} />;
  }
}
