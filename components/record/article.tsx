import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { IncidentView, SectionView } from "@/view/incident";
import { Advice } from "./advice";
import { Affected } from "./affected";
import { Assessments } from "./assessments";
import { Context } from "./context";
import { Durations } from "./durations";
import { Figures } from "./figures";
import { RecordHeader } from "./header";
import { RecordLanguagesNote } from "./record-text";
import { Lead } from "./lead";
import { Sources } from "./sources";
import { Timeline } from "./timeline";
import { Updates } from "./updates";

function SectionOf({ section: s, check }: { section: SectionView; check?: ReactNode }) {
  switch (s.id) {
    case "updates":
      return <Updates title={s.title} updates={s.updates} />;
    case "figures":
      return <Figures title={s.title} figures={s.figures} />;
    case "timeline":
      return <Timeline title={s.title} timeline={s.timeline} />;
    case "durations":
      return <Durations title={s.title} rows={s.rows} panels={s.panels} pairs={s.pairs} />;
    case "affected":
      return <Affected title={s.title} affected={s.affected} check={check} />;
    case "assessments":
      return <Assessments title={s.title} findings={s.findings} assessors={s.assessors} reactions={s.reactions} />;
    case "advice":
      return <Advice title={s.title} groups={s.groups} check={check} />;
    case "context":
      return <Context title={s.title} topics={s.topics} />;
    case "sources":
      return <Sources title={s.title} sources={s.sources} />;
  }
}

/**
 * The whole record of an incident, the same on the page and in the exported HTML: header, lead,
 * contents, then every section that has something in it. `actions` (the page's lookup button and
 * downloads), `check` (the lookup button again, in the affected section) and `changesHref` are the page's own.
 */
export function RecordArticle({ view, actions, check, changesHref = null }: { view: IncidentView; actions?: ReactNode; check?: ReactNode; changesHref?: string | null }) {
  const t = useTranslations("record.sections");
  return (
    <article className="record">
      <RecordHeader view={view} changesHref={changesHref} />
      <RecordLanguagesNote languages={view.languages} />
      <Lead view={view} />
      {actions}
      {view.sections.length > 0 && (
        <nav className="toc no-print" aria-label={t("toc")}>
          <ul>
            {view.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}-heading`}>{s.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {view.sections.map((s) => (
        <SectionOf key={s.id} section={s} check={check} />
      ))}
    </article>
  );
}
