import type { LookupRequest } from "@/domain/lookup";
import { minuteUtc } from "@/lib/instant";
import type { ListWords } from "@/view/list-words";

/** A cell: a column from sm up, below it a line that names its column. */
const CELL = "py-1 pr-3 max-sm:block max-sm:py-0 max-sm:before:font-sans max-sm:before:font-semibold max-sm:before:content-[attr(data-label)':_']";

/** The affected rows an answer covers; on a phone each row is a block of labelled lines (four columns do not fit 390 px). */
export function LookupRows({ requests, caption, words }: { requests: LookupRequest[]; caption: string; words: ListWords }) {
  return (
    <table className="w-full text-left text-sm max-sm:block">
      <caption className="text-left font-semibold max-sm:block">{caption}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-slate-300 dark:border-slate-700">
          <th scope="col" className="py-1 pr-3">Request id</th>
          <th scope="col" className="py-1 pr-3">When (UTC)</th>
          <th scope="col" className="py-1 pr-3">{words.measure}</th>
          <th scope="col" className="py-1">Role</th>
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {requests.map((r) => (
          <tr key={`${r.requestId}-${r.role}`} className="border-b border-slate-200 dark:border-slate-800 max-sm:block max-sm:py-2">
            <td data-label="Request id" className={`${CELL} font-mono break-all`}>{r.requestId}</td>
            <td data-label="When (UTC)" className={`${CELL} sm:whitespace-nowrap`}>{minuteUtc(r.occurredAt)}</td>
            <td data-label={words.measure} className={CELL}>{r.promptTokens.toLocaleString("en-US")}</td>
            <td data-label="Role" className={CELL}>{words.roles[r.role] ?? r.role}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
