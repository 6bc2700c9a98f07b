import { Cite } from "@/components/cite";
import { Prose } from "@/components/prose";
import type { ComputedClaim } from "@/domain/record/duration-length";
import { formatPreciseTime } from "@/lib/precise-time";

type LeadIncident = {
  title: string;
  summary: string;
  provider: string;
  service: string;
  model: string | null;
  status: string;
  severity: string | null;
  impact: string;
  cause: string;
  isAttack: boolean;
  attackNote: string | null;
  cites: number[];
};

function Range({ claim }: { claim: ComputedClaim }) {
  if (!claim.from || !claim.to) return <>{claim.length}</>;
  return (
    <>
      {formatPreciseTime(claim.from)} – {formatPreciseTime(claim.to)}: <strong>{claim.length}</strong>
      {claim.approx && claim.basis !== "minute" ? ` (${claim.approx})` : ""}
    </>
  );
}

export function Lead({
  incident,
  exposure,
  outage,
  outageDisputes,
}: {
  incident: LeadIncident;
  exposure: ComputedClaim | undefined;
  outage: ComputedClaim | undefined;
  outageDisputes: ComputedClaim[];
}) {
  const facts: Array<{ term: string; body: React.ReactNode }> = [
    { term: "Impact", body: <Prose text={incident.impact} /> },
    { term: "Cause", body: <Prose text={incident.cause} /> },
    {
      term: incident.isAttack ? "An attack" : "Not an attack",
      body: incident.attackNote ? <Prose text={incident.attackNote} /> : incident.isAttack ? "Yes" : "No",
    },
  ];
  if (exposure) facts.push({ term: "Exposure window", body: <><Range claim={exposure} /><Cite numbers={exposure.cites} /></> });
  if (outage) {
    facts.push({
      term: "Outage",
      body: (
        <>
          <Range claim={outage} />, by {outage.countedBy}&apos;s count
          <Cite numbers={outage.cites} />
          {outageDisputes.map((d) => (
            <span key={d.key} className="block">
              {d.countedBy}: {d.length}
              <Cite numbers={d.cites} /> (<a href="#durations-heading" className="text-blue-700 underline dark:text-blue-300">why the counts differ</a>)
            </span>
          ))}
        </>
      ),
    });
  }
  return (
    <div>
      <Prose
        text={incident.summary}
        after={<Cite numbers={incident.cites} />}
        className="max-w-3xl text-lg leading-relaxed text-slate-800 dark:text-slate-200"
      />
      <dl className="mt-6 grid max-w-4xl gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
        {facts.map((f) => (
          <div key={f.term} className="contents">
            <dt className="font-semibold">{f.term}</dt>
            <dd className="text-slate-800 dark:text-slate-200">{f.body}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function IncidentTitle({ incident }: { incident: LeadIncident & { slug: string; updatedAt: string } }) {
  return (
    <header>
      <p className="flex flex-wrap gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          {incident.provider} · {incident.service}
          {incident.model ? ` · ${incident.model}` : ""}
        </span>
        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
          {incident.status}
        </span>
        {incident.severity && (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 font-medium text-red-900 dark:bg-red-950 dark:text-red-200">
            severity: {incident.severity}
          </span>
        )}
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{incident.title}</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Last updated <time dateTime={incident.updatedAt}>{incident.updatedAt.slice(0, 10)}</time> ·{" "}
        <a href={`/incidents/${incident.slug}/changes`} className="text-blue-700 underline dark:text-blue-300">
          what changed
        </a>
      </p>
    </header>
  );
}
