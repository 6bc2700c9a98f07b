import { byLatest } from "./atom";
import type { IncidentDocument } from "./document";
import { esc, htmlPage, prose } from "./html-kit";
import { durationRows, formatCount } from "./model";

export type IndexOptions = {
  /** Relative path of the Atom feed, when the export has one, e.g. "feed.xml". */
  feedHref?: string | null;
};

/** Only relative links are written; each incident's folder name is its slug, encoded. */
function incidentItem(doc: IncidentDocument): string {
  const i = doc.record.incident;
  const dir = `incidents/${encodeURIComponent(i.slug)}/`;
  const rows = durationRows(doc);
  const facts: string[] = [];
  const exposure = rows.find((r) => r.key === "exposure-window");
  const outage = rows.find((r) => r.key === "outage");
  if (exposure) facts.push(`<div><dt>Exposure window</dt><dd>${esc(exposure.display)}</dd></div>`);
  if (outage) facts.push(`<div><dt>Outage</dt><dd>${esc(outage.display)}</dd></div>`);
  const a = doc.affected;
  facts.push(
    a
      ? `<div><dt>Affected responses${a.sample ? " (sample data)" : ""}</dt><dd>${formatCount(a.total)}</dd></div>`
      : `<div><dt>Affected responses</dt><dd>none on record</dd></div>`,
  );
  const links =
    `<p class="small"><a href="${esc(dir)}index.html">Postmortem</a> · ` +
    `<a href="${esc(dir)}postmortem.md">Markdown (postmortem.md)</a> · ` +
    `<a href="${esc(dir)}incident.json">Record (incident.json)</a></p>`;
  return (
    `<li><h2><a href="${esc(dir)}index.html">${esc(i.title)}</a></h2>` +
    `<div>${prose(i.impact)}</div><dl class="stats">${facts.join("")}</dl>${links}</li>`
  );
}

/** The export's front page: every incident, newest first, linking to its page, Markdown and JSON. */
export function renderIndexHtml(docs: IncidentDocument[], opts: IndexOptions = {}): string {
  const feed = opts.feedHref
    ? `<p class="small"><a href="${esc(opts.feedHref)}" type="application/atom+xml">Atom feed of these postmortems</a></p>`
    : "";
  const list = docs.length
    ? `<ul class="incidents">${byLatest(docs).map(incidentItem).join("")}</ul>`
    : `<p>No incidents have been exported.</p>`;
  const body =
    `<main><header><h1>Aftermath postmortems</h1><p class="muted">Self-contained records of incidents and their ` +
    `sources. All times are UTC.</p>${feed}</header>${list}</main>`;
  return htmlPage("Aftermath postmortems", "Postmortems of incidents, each with its timeline, durations and sources.", body);
}
