import { useTranslations } from "next-intl";
import type { DeadLine, ProgressRow } from "@/view/outbox-progress";

const CELL = "border-b border-slate-200 px-2 py-1.5 dark:border-slate-700";

/** Why nothing of the outbox goes out now, as the outbox itself says it. */
export function NotSending({ reasons, worker }: { reasons: string[]; worker: boolean }) {
  const t = useTranslations("notices.progress");
  if (reasons.length === 0 && worker) return null;
  return (
    <div role="status" className="rounded-md border border-amber-500 bg-amber-50 p-4 text-sm dark:border-amber-400 dark:bg-amber-950/40">
      <h3 className="font-semibold">{reasons.length ? t("nothingSent") : t("noWorkerTitle")}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
        {!worker && <li>{t("noWorker")}</li>}
      </ul>
    </div>
  );
}

/** This incident's messages, by purpose and state. */
export function ProgressTable({ rows, noticed }: { rows: ProgressRow[]; noticed: number }) {
  const t = useTranslations("notices.progress");
  // A narrow screen scrolls the table, not the page (the purposes' names are long in some languages); a keyboard can scroll it too.
  return (
    <div role="region" aria-label={t("messages")} tabIndex={0} className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm tabular-nums">
        <caption className="mb-2 text-left text-sm">{t.rich("caption", { noticed, strong: (chunks) => <strong>{chunks}</strong> })}</caption>
        <thead>
          <tr>
            <th scope="col" className={CELL}>
              {t("messages")}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t("waiting")}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t("sent")}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t("failed")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.purpose}>
              <th scope="row" className={`${CELL} font-normal`}>
                {r.label}
              </th>
              <td className={`${CELL} text-right`}>{r.waiting}</td>
              <td className={`${CELL} text-right`}>{r.sent}</td>
              <td className={`${CELL} text-right`}>{r.failed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The messages given up: to whom (masked), what, how many tries and the server's last reply. */
export function DeadLetters({ lines, total }: { lines: DeadLine[]; total: number }) {
  const t = useTranslations("notices.dead");
  if (lines.length === 0) return <p className="text-sm">{t("none")}</p>;
  return (
    <>
      {total > lines.length && <p className="text-sm">{t("newest", { shown: lines.length, total })}</p>}
      <ul className="space-y-3">
        {lines.map((d) => (
          <li key={d.id} className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-700">
            <p>
              <strong className="font-semibold">{d.to}</strong> · {d.purpose} · {d.tries} · {t("queued", { at: d.queued })}
            </p>
            <p className="mt-1 font-mono text-xs break-words">{d.reply}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
