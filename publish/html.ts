import { prosePlain } from "@/lib/markdown/plain";
import type { IncidentDocument } from "./document";
import { affectedHtml } from "./html-affected";
import { durationsHtml } from "./html-durations";
import { htmlPage } from "./html-kit";
import { figuresHtml, leadHtml, titleHtml, tocHtml } from "./html-lead";
import { adviceHtml, assessmentsHtml, contextHtml, sourcesHtml } from "./html-more";
import { timelineHtml } from "./html-timeline";
import { durationRows, type RenderOptions } from "./model";

/**
 * One incident as a single self-contained HTML file: the live page's sections in its order, in UTC,
 * without the lookup link or the time-zone switch. No script, nothing fetched, and the same bytes
 * on every run.
 */
export function renderIncidentHtml(doc: IncidentDocument, opts: RenderOptions = {}): string {
  const { record } = doc;
  const rows = durationRows(doc);
  const body = [
    `<main><article>`,
    titleHtml(record.incident),
    leadHtml(doc, rows),
    tocHtml(),
    figuresHtml(doc),
    timelineHtml(doc),
    durationsHtml(rows),
    affectedHtml(doc.affected, opts.tokenLines ?? []),
    assessmentsHtml(record),
    adviceHtml(record),
    contextHtml(record),
    sourcesHtml(record),
    `</article></main>`,
    `<footer><p>Exported from Aftermath (schema version ${doc.schemaVersion}). All times are UTC; ` +
      `numbers in brackets cite the sources listed above.</p></footer>`,
  ].join("\n");
  return htmlPage(`${record.incident.title} · Aftermath`, prosePlain(record.incident.impact), body);
}
