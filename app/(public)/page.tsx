import Link from "next/link";
import { Prose } from "@/components/prose";
import { SampleBadge } from "@/components/section";
import { listIncidents, readIncident } from "@/db/read-incident";
import { computeClaim } from "@/domain/record/duration-length";

export default function HomePage() {
  const incidents = listIncidents().flatMap((i) => {
    const view = readIncident(i.slug);
    return view ? [view] : [];
  });
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">Incidents</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        Each record keeps what happened, for how long, to whom, and the source behind every figure.
      </p>
      {incidents.length === 0 && <p className="mt-8">No incident has been published yet.</p>}
      <ul className="mt-8 space-y-6">
        {incidents.map((view) => {
          const { incident } = view;
          const claims = view.durations.map(computeClaim);
          const headline = ["exposure-window", "outage"].flatMap((key) => claims.filter((c) => c.key === key));
          return (
            <li key={incident.slug} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {incident.provider} · {incident.service} · {incident.status}
              </p>
              <h2 className="mt-1 text-xl font-semibold">
                <Link href={`/incidents/${incident.slug}`} className="text-blue-700 underline dark:text-blue-300">
                  {incident.title}
                </Link>
              </h2>
              <Prose text={incident.impact} className="mt-2 max-w-3xl" />
              <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-3">
                {view.figures.slice(0, 2).map((f) => (
                  <div key={f.id}>
                    <dt className="text-sm text-slate-600 dark:text-slate-400">{f.label}</dt>
                    <dd className="text-2xl font-semibold">
                      {f.value}
                    </dd>
                  </div>
                ))}
                {headline.map((c) => (
                  <div key={c.key}>
                    <dt className="text-sm text-slate-600 dark:text-slate-400">{c.label}</dt>
                    <dd className="text-2xl font-semibold">{c.length}</dd>
                  </div>
                ))}
                <div>
                  <dt className="text-sm text-slate-600 dark:text-slate-400">Affected responses on record</dt>
                  <dd className="flex items-center gap-2 text-2xl font-semibold">
                    {view.affected.total}
                    {incident.sampleNote && <SampleBadge />}
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
