import type { LookupRequest } from "@/domain/lookup";

/** A cell: a column from sm up, below it a line that names its column. */
const CELL = "py-1 pr-3 max-sm:block max-sm:py-0 max-sm:before:font-sans max-sm:before:font-semibold max-sm:before:content-[attr(data-label)':_']";

export const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The affected responses an answer covers; on a phone each row is a block of labelled lines (four columns do not fit 390 px). */
export function LookupRows({ requests, caption }: { requests: LookupRequest[]; caption: string }) {
  return (
    <table className="w-full text-left text-sm max-sm:block">
      <caption className="text-left font-semibold max-sm:block">{caption}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-slate-300 dark:border-slate-700">
          <th scope="col" className="py-1 pr-3">Request id</th>
          <th scope="col" className="py-1 pr-3">When (UTC)</th>
          <th scope="col" className="py-1 pr-3">Prompt tokens</th>
          <th scope="col" className="py-1">Role</th>
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {requests.map((r) => (
          <tr key={`${r.requestId}-${r.role}`} className="border-b border-slate-200 dark:border-slate-800 max-sm:block max-sm:py-2">
            <td data-label="Request id" className={`${CELL} font-mono break-all`}>{r.requestId}</td>
            <td data-label="When (UTC)" className={`${CELL} sm:whitespace-nowrap`}>{when(r.occurredAt)}</td>
            <td data-label="Prompt tokens" className={CELL}>{r.promptTokens.toLocaleString("en-US")}</td>
            <td data-label="Role" className={CELL}>{r.role === "recipient" ? "received another's data" : "own data exposed"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
