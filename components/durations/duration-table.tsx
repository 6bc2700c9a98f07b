import { Cite } from "@/components/cite";
import { Prose } from "@/components/prose";
import type { ComputedClaim } from "@/domain/record/duration-length";
import { formatPreciseTimeShort } from "@/lib/precise-time";

function between(c: ComputedClaim): string {
  if (!c.from || !c.to) return "Stated, no start or end given";
  return `${formatPreciseTimeShort(c.from)} → ${formatPreciseTimeShort(c.to)}`;
}

// Below the sm breakpoint each row stacks into a card, so nothing hides behind a sideways scroll.
const CELL = "block py-1 sm:table-cell sm:py-2 sm:pr-4";
const MOBILE_LABEL = "block text-xs font-medium uppercase tracking-wide text-slate-600 sm:hidden dark:text-slate-400";

export function DurationTable({ claims }: { claims: ComputedClaim[] }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">Every duration, who counts it, how, and its sources</caption>
      <thead className="sr-only sm:not-sr-only">
        <tr className="border-b border-slate-300 dark:border-slate-700">
          <th scope="col" className="py-2 pr-4 font-semibold">Duration</th>
          <th scope="col" className="py-2 pr-4 font-semibold">Length</th>
          <th scope="col" className="py-2 pr-4 font-semibold">From → to (UTC)</th>
          <th scope="col" className="py-2 pr-4 font-semibold">Who counts it, and how</th>
        </tr>
      </thead>
      <tbody>
        {claims.map((c) => (
          <tr
            key={c.key}
            id={`duration-${c.key}`}
            className="block border-b border-slate-200 py-2 align-top sm:table-row sm:py-0 dark:border-slate-800"
          >
            <th scope="row" className={`${CELL} font-semibold sm:font-medium`}>
              {c.label}
              <Cite numbers={c.cites} />
            </th>
            <td className={CELL}>
              <span className={MOBILE_LABEL}>Length</span>
              <span className="font-semibold">{c.length}</span>
              {c.approx && c.basis !== "minute" && (
                <span className="text-slate-600 sm:block dark:text-slate-400"> ({c.approx})</span>
              )}
            </td>
            <td className={CELL}>
              <span className={MOBILE_LABEL}>From → to (UTC)</span>
              {between(c)}
            </td>
            <td className={CELL}>
              <span className={MOBILE_LABEL}>Who counts it, and how</span>
              <span className="font-medium">{c.countedBy}.</span> <Prose text={c.method} inline />
              {c.note && <Prose text={c.note} className="text-slate-600 dark:text-slate-400" />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
