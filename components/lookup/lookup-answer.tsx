import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { LookupAnswer } from "@/domain/lookup";
import { localized } from "@/i18n/locales";
import { LookupRows } from "./lookup-rows";
import { LocalTime } from "@/components/ui/local-time";
import { capitalize } from "@/lib/words";
import type { ListWords } from "@/view/list-words";

/** A recommendation, already rendered on the server (its Markdown needs no parser in the browser). */
export type AdviceItem = { id: number; body: ReactNode };

const BOX = "rounded-lg border p-5";
const RED = `${BOX} border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/40`;
const GREEN = `${BOX} border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950/40`;

/** What a proven lookup shows: the whole account for its owner, or only the request ids given. The page and the form both show this. */
export function LookupAnswerView({ answer, advice, words }: { answer: LookupAnswer; advice: AdviceItem[]; words: ListWords }) {
  const t = useTranslations("lookup.answer");
  const locale = useLocale();
  const sample = answer.sampleData ? t("sample") : "";
  const rows = (format: "csv" | "json") => localized(locale, `/incidents/${encodeURIComponent(answer.incident)}/lookup/rows?format=${format}`);
  return (
    <div className="space-y-5">
      {answer.covers === "account" ? <AccountVerdict answer={answer} sample={sample} words={words} /> : <RequestIdsVerdict answer={answer} sample={sample} words={words} />}
      {answer.rows.length > 0 && (
        <LookupRows requests={answer.rows} words={words} caption={t(answer.covers === "account" ? "rowsAccount" : "rowsGiven", { unitMany: words.unitMany })} />
      )}
      {answer.covers === "account" && answer.rows.length > 0 && (
        <p className="text-sm">
          {t("download", { unitMany: words.unitMany })}{" "}
          <a className="underline" href={rows("csv")} download>
            CSV
          </a>{" "}
          ·{" "}
          <a className="underline" href={rows("json")} download>
            JSON
          </a>
        </p>
      )}
      <div>
        <h3 className="font-semibold">{t("whatToDo")}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {advice.map((a) => (
            <li key={a.id}>{a.body}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          {words.contact ? (
            <>
              {t("contact")} {words.contact.href ? <a className="underline" href={words.contact.href}>{words.contact.text}</a> : words.contact.text}
            </>
          ) : (
            t("noContact")
          )}
        </p>
      </div>
    </div>
  );
}

function AccountVerdict({ answer, sample, words }: { answer: Extract<LookupAnswer, { covers: "account" }>; sample: string; words: ListWords }) {
  const t = useTranslations("lookup.answer");
  const ending = answer.proof.kind === "account" ? answer.proof.accountEnding : "";
  const account = <p className="text-sm text-slate-700 dark:text-slate-300">{t("accountEnding", { ending })}</p>;
  if (!answer.affected) {
    return (
      <div className={GREEN}>
        {account}
        <h2 className="text-xl font-semibold">{t("noneTitle", { unitMany: words.unitMany, sample })}</h2>
        <p className="mt-2">{t("noneBody", { unitMany: words.unitMany })}</p>
      </div>
    );
  }
  const { firstAt, lastAt } = answer;
  const counted = { count: answer.affectedRows, unitOne: words.unitOne, unitMany: words.unitMany };
  const first = () => (firstAt ? <LocalTime at={firstAt} /> : null);
  const last = () => (lastAt ? <LocalTime at={lastAt} /> : null);
  return (
    <div className={RED}>
      {account}
      <h2 className="text-xl font-semibold">{t("affectedTitle", { sample })}</h2>
      <p className="mt-2">
        {firstAt && lastAt && firstAt === lastAt ? t.rich("affectedOn", { ...counted, first }) : firstAt && lastAt ? t.rich("affectedBetween", { ...counted, first, last }) : t("affected", counted)}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {Object.entries(answer.byRole).map(([role, count]) => (
          <li key={role}>
            {words.roles[role] ?? role}: {count === 0 ? t("noneRecorded") : count}
          </li>
        ))}
      </ul>
      <DataNamed answer={answer} words={words} />
    </div>
  );
}

/** Per row, which of the owner's data the record names, in its own words, and when. */
function DataNamed({ answer, words }: { answer: LookupAnswer; words: ListWords }) {
  const t = useTranslations("lookup.answer");
  const rows = answer.rows.filter((r) => r.dataClasses.length > 0);
  if (rows.length === 0) return null;
  return (
    <>
      <p className="mt-3 font-semibold">{t("dataNamed")}</p>
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
  const t = useTranslations("lookup.answer");
  const hit = answer.checkedRequestIds.filter((c) => c.affected).length;
  const given = answer.checkedRequestIds.length;
  return (
    <div className={hit > 0 ? RED : GREEN}>
      <h2 className="text-xl font-semibold">{hit > 0 ? t("idsHit", { count: hit, sample }) : t("idsNone", { sample })}</h2>
      <p className="mt-2">{t("idsChecked", { count: given, unitMany: words.unitMany })}</p>
      <ul className="mt-3 space-y-1 font-mono text-sm">
        {answer.checkedRequestIds.map((c) => (
          <li key={c.requestId} className="break-all">
            {c.requestId}: <strong>{c.affected ? t("idAffected") : t("idNotAmong", { unitMany: words.unitMany })}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
