import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AffectedView } from "@/components/affected/affected-view";
import { DurationsView } from "@/components/durations/durations-view";
import { Advice } from "@/components/incident/advice";
import { Assessments } from "@/components/incident/assessments";
import { ContextFacts } from "@/components/incident/context-facts";
import { ExportLinks } from "@/components/incident/export-links";
import { KeyFigures } from "@/components/incident/key-figures";
import { IncidentTitle, Lead } from "@/components/incident/lead";
import { SourceList } from "@/components/incident/sources";
import { SampleBadge, Section } from "@/components/section";
import { Timeline } from "@/components/timeline/timeline";
import { listIncidents, readIncident } from "@/db/read-incident";
import { affectedSummaryOf } from "@/publish/read-document";
import { NoneOnRecord } from "@/components/none-on-record";
import { computeClaim } from "@/domain/record/duration-length";
import { NO_AFFECTED, NONE_ON_RECORD } from "@/publish/model";
import { prosePlain } from "@/lib/markdown/plain";

// Prerendered at build from the database; an incident published later renders on its first request
// and is cached. Unknown and draft slugs never reach this page: scripts/published-gate.mjs answers
// them with the not-found page (Next's own answer for them here is an empty shell).
export const dynamicParams = true;
export const revalidate = false;

export function generateStaticParams() {
  return listIncidents().map((i) => ({ slug: i.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = readIncident((await params).slug);
  return view ? { title: view.incident.title, description: prosePlain(view.incident.impact) } : { title: "Not found" };
}

const SECTIONS = [
  ["figures", "In numbers"],
  ["timeline", "Timeline"],
  ["durations", "How long"],
  ["affected", "Affected responses"],
  ["assessments", "Assessments"],
  ["advice", "What to do"],
  ["context", "The model"],
  ["sources", "Sources"],
] as const;

export default async function IncidentPage({ params }: Props) {
  const view = readIncident((await params).slug);
  if (!view) notFound();
  const claims = view.durations.map(computeClaim);
  const exposure = claims.find((c) => c.key === "exposure-window");
  const outage = claims.find((c) => c.key === "outage");
  // The rows read above are counted here too: the page does not read the incident a second time.
  const window = exposure?.from?.at && exposure.to?.at ? { from: exposure.from.at.slice(0, 10), to: exposure.to.at.slice(0, 10) } : null;
  const affected = affectedSummaryOf(view.affected.points, view.incident.affectedSummary, window, view.incident.sampleNote);
  const title = Object.fromEntries(SECTIONS) as Record<(typeof SECTIONS)[number][0], string>;

  return (
    <article>
      <IncidentTitle incident={view.incident} />
      <Section id="lead" title="What happened">
        <Lead
          incident={view.incident}
          exposure={exposure}
          outage={outage}
          outageDisputes={claims.filter((c) => c.contestsKey === "outage")}
        />
      </Section>
      <div className="no-print mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
        <Link
          href={`/incidents/${view.incident.slug}/lookup`}
          className="inline-block rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-slate-300"
        >
          Was my account affected? Check it
        </Link>
        <ExportLinks slug={view.incident.slug} />
      </div>
      <nav aria-label="On this page" className="no-print mt-8 rounded-lg bg-slate-50 p-4 dark:bg-slate-900">
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}-heading`} className="text-blue-700 underline dark:text-blue-300">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Section id="figures" title={title.figures}>
        {view.figures.length ? <KeyFigures figures={view.figures} /> : <NoneOnRecord>{NONE_ON_RECORD.figures}</NoneOnRecord>}
      </Section>
      <Section id="timeline" title={title.timeline}>
        {view.events.length ? <Timeline events={view.events} /> : <NoneOnRecord>{NONE_ON_RECORD.events}</NoneOnRecord>}
      </Section>
      <Section id="durations" title={title.durations}>
        {claims.length ? <DurationsView claims={claims} /> : <NoneOnRecord>{NONE_ON_RECORD.durations}</NoneOnRecord>}
      </Section>
      <Section id="affected" title={title.affected} badge={affected?.sample ? <SampleBadge /> : null}>
        {affected ? <AffectedView affected={affected} points={view.affected.points} /> : <NoneOnRecord>{NO_AFFECTED}</NoneOnRecord>}
      </Section>
      <Section id="assessments" title={title.assessments}>
        {view.findings.length || view.reactions.length ? (
          <Assessments findings={view.findings} reactions={view.reactions} />
        ) : (
          <NoneOnRecord>{NONE_ON_RECORD.assessments}</NoneOnRecord>
        )}
      </Section>
      <Section id="advice" title={title.advice}>
        {view.recommendations.length ? <Advice recommendations={view.recommendations} /> : <NoneOnRecord>{NONE_ON_RECORD.advice}</NoneOnRecord>}
      </Section>
      <Section id="context" title={title.context}>
        {view.context.length ? <ContextFacts facts={view.context} /> : <NoneOnRecord>{NONE_ON_RECORD.context}</NoneOnRecord>}
      </Section>
      <Section id="sources" title={title.sources}>
        {view.sources.length ? <SourceList sources={view.sources} /> : <NoneOnRecord>{NONE_ON_RECORD.sources}</NoneOnRecord>}
      </Section>
    </article>
  );
}
