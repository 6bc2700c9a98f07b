import { Cite } from "@/components/cite";
import { Prose } from "@/components/prose";

type Figure = { id: number; value: string; unit: string | null; label: string; note: string | null; cites: number[] };

export function KeyFigures({ figures }: { figures: Figure[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {figures.map((f) => (
        <div key={f.id} className="flex flex-col rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <dt className="order-2 mt-1 text-sm text-slate-700 dark:text-slate-300">
            {f.label}
            <Cite numbers={f.cites} />
            {f.note && <Prose text={f.note} className="mt-1 text-slate-600 dark:text-slate-400" />}
          </dt>
          <dd className="order-1 text-3xl font-semibold tracking-tight">
            {f.value}
            {f.unit && <span className="ml-1.5 text-base font-normal text-slate-600 dark:text-slate-400">{f.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
