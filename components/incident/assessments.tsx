import { Cite } from "@/components/cite";
import { Prose } from "@/components/prose";
import { formatPreciseTime } from "@/lib/precise-time";

type Finding = { id: number; assessor: string; assessedOn: string; statement: string; cites: number[] };
type Reaction = { id: number; who: string; affiliation: string | null; statement: string; cites: number[] };

export function Assessments({ findings, reactions }: { findings: Finding[]; reactions: Reaction[] }) {
  const assessors = [...new Set(findings.map((f) => `${f.assessor}, ${formatPreciseTime({ at: f.assessedOn, precision: "day" })}`))];
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div>
        <h3 className="text-lg font-semibold">Findings</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{assessors.join("; ")}</p>
        {findings.length === 0 && <p className="mt-3">None on record.</p>}
        <ul className="mt-3 list-disc space-y-2 pl-5">
          {findings.map((f) => (
            <li key={f.id}>
              <Prose text={f.statement} after={<Cite numbers={f.cites} />} />
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-lg font-semibold">Reactions</h3>
        {reactions.length === 0 && <p className="mt-3">None on record.</p>}
        <ul className="mt-3 space-y-3">
          {reactions.map((r) => (
            <li key={r.id} className="border-l-4 border-slate-300 pl-3 dark:border-slate-700">
              <p className="font-medium">
                {r.who}
                {r.affiliation && <span className="font-normal text-slate-600 dark:text-slate-400"> ({r.affiliation})</span>}
              </p>
              <Prose text={r.statement} after={<Cite numbers={r.cites} />} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
