import { Cite } from "@/components/cite";
import type { ComputedClaim } from "@/lib/duration-claims";
import { formatPreciseTimeShort } from "@/lib/precise-time";

function between(c: ComputedClaim): string {
  if (!c.from || !c.to) return "Stated, no start or end given";
  return `${formatPreciseTimeShort(c.from)} → ${formatPreciseTimeShort(c.to)}`;
}

export function DurationTable({ claims }: { claims: ComputedClaim[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">Every duration, who counts it, how, and its sources</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            <th scope="col" className="py-2 pr-4 font-semibold">Duration</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Length</th>
            <th scope="col" className="py-2 pr-4 font-semibold">From → to (UTC)</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Who counts it, and how</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((c) => (
            <tr key={c.key} id={`duration-${c.key}`} className="border-b border-slate-200 align-top dark:border-slate-800">
              <th scope="row" className="py-2 pr-4 font-medium">
                {c.label}
                <Cite numbers={c.cites} />
              </th>
              <td className="py-2 pr-4 whitespace-nowrap">
                <span className="font-semibold">{c.length}</span>
                {c.approx && c.basis !== "minute" && (
                  <span className="block text-slate-600 dark:text-slate-400">{c.approx}</span>
                )}
              </td>
              <td className="py-2 pr-4">{between(c)}</td>
              <td className="py-2 pr-4">
                <span className="font-medium">{c.countedBy}.</span> {c.method}
                {c.note && <span className="block text-slate-600 dark:text-slate-400">{c.note}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
