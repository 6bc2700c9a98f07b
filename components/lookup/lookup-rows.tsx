import type { LookupRequest } from "@/domain/lookup";
import type { ListWords } from "@/view/list-words";
import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";

/** A cell: a column from sm up, below it a line that names its column. */
const CELL = "py-1 pr-3 max-sm:block max-sm:py-0 max-sm:before:font-sans max-sm:before:font-semibold max-sm:before:content-[attr(data-label)':_']";

type Column = { label: string; mono?: boolean; cell: (r: LookupRequest) => ReactNode };

/** The columns the rows of this list have: only what its shape carries. */
function columnsOf(requests: LookupRequest[], words: ListWords, t: (key: "requestId" | "when" | "role" | "data" | "noneNamed") => string, locale: string): Column[] {
  const columns: Column[] = [];
  if (requests.some((r) => r.requestId !== null)) columns.push({ label: t("requestId"), mono: true, cell: (r) => r.requestId ?? "" });
  if (requests.some((r) => r.occurredAt !== null)) columns.push({ label: t("when"), cell: (r) => (r.occurredAt ? <LocalTime at={r.occurredAt} /> : "") });
  for (const [key, m] of Object.entries(words.measures)) columns.push({ label: m.heading, cell: (r) => r.measures[key]?.toLocaleString(locale === "en" ? "en-US" : locale) ?? "" });
  columns.push({ label: t("role"), cell: (r) => words.roles[r.role] ?? r.role });
  if (Object.keys(words.classes).length > 0) columns.push({ label: t("data"), cell: (r) => r.dataClasses.map((c) => words.classes[c] ?? c).join("; ") || t("noneNamed") });
  return columns;
}

/** The affected rows an answer covers; on a phone each row is a block of labelled lines (four columns do not fit 390 px). */
export function LookupRows({ requests, caption, words }: { requests: LookupRequest[]; caption: string; words: ListWords }) {
  const t = useTranslations("lookup.rows");
  const columns = columnsOf(requests, words, t, useLocale());
  return (
    <table className="w-full text-left text-sm max-sm:block">
      <caption className="text-left font-semibold max-sm:block">{caption}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-slate-300 dark:border-slate-700">
          {columns.map((c) => (
            <th key={c.label} scope="col" className="py-1 pr-3">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {requests.map((r, i) => (
          <tr key={`${r.requestId ?? i}-${r.role}`} className="border-b border-slate-200 dark:border-slate-800 max-sm:block max-sm:py-2">
            {columns.map((c) => (
              <td key={c.label} data-label={c.label} className={`${CELL}${c.mono ? " font-mono break-all" : ""}`}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
