import { useTranslations } from "next-intl";
import { type AdviceItem, LookupAnswerView } from "./lookup-answer";
import type { LookupState } from "./lookup-state";
import type { ListWords } from "@/view/list-words";

export type { AdviceItem } from "./lookup-answer";

const BOX = "rounded-lg border p-5";

/** A field's error as the form lists it: "Line 3: …" for a request id, as it is for the rest. */
export const lineOf = (field: string) => /^requestIds\.(\d+)$/.exec(field)?.[1];

/** What the request-id form answered. */
export function LookupResult({ state, advice, words }: { state: LookupState; advice: AdviceItem[]; words: ListWords }) {
  const t = useTranslations("lookup.result");
  const lookup = useTranslations("lookup");
  switch (state.status) {
    case "idle":
      return <p className="text-slate-700 dark:text-slate-300">{t("idle", { unitMany: words.unitMany })}</p>;
    case "invalid":
      return (
        <div role="alert" className={`${BOX} border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/40`}>
          <h2 className="text-lg font-semibold">{t("invalidTitle")}</h2>
          <ul className="mt-2 list-disc pl-5">
            {state.errors.map((e) => {
              const line = lineOf(e.field);
              return <li key={`${e.field}-${e.message}`}>{line === undefined ? e.message : t("lineError", { line, message: e.message, capital: "yes" })}</li>;
            })}
          </ul>
        </div>
      );
    case "limited":
      return (
        <div role="alert" className={`${BOX} border-amber-600 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40`}>
          <h2 className="text-lg font-semibold">{t("limitedTitle")}</h2>
          <p className="mt-2">{t("limitedBody", { seconds: state.retryAfterSeconds })}</p>
        </div>
      );
    case "not-found":
      return (
        <div role="alert" className={`${BOX} border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/40`}>
          <h2 className="text-lg font-semibold">{t("notFound")}</h2>
        </div>
      );
    case "no-list":
      return (
        <div role="alert" className={`${BOX} border-slate-400 bg-slate-50 dark:border-slate-600 dark:bg-slate-900`}>
          <h2 className="text-lg font-semibold">{t("noListTitle")}</h2>
          <p className="mt-2">{lookup(`noList.${state.list}`)}</p>
        </div>
      );
    case "answer":
      return <LookupAnswerView answer={state.answer} advice={advice} words={words} />;
  }
}
