import type { IncidentDocument } from "./document";
import { cite, esc, prose, proseLine, section, timeTag } from "./html-kit";
import type { DurationRow } from "./model";
import { NONE_ON_RECORD, SECTIONS } from "./model";

type Incident = IncidentDocument["record"]["incident"];

/** Provider, service and model, status and severity, then the title. */
export function titleHtml(incident: Incident): string {
  const what = [incident.provider, incident.service, incident.model].filter((x): x is string => x !== null).join(" · ");
  const tags = [`<span class="tag">${esc(what)}</span>`, `<span class="tag">${esc(incident.status)}</span>`];
  if (incident.severity) tags.push(`<span class="tag">severity: ${esc(incident.severity)}</span>`);
  return `<header><p class="tags">${tags.join("")}</p><h1>${esc(incident.title)}</h1></header>`;
}

/** "27 August 2026 – 9 September 2026: <strong>13 days</strong>", or just the length when stated. */
function rangeHtml(row: DurationRow): string {
  const strong = `<strong>${esc(row.display)}</strong>`;
  return row.from && row.to ? `${timeTag(row.from)} – ${timeTag(row.to)}: ${strong}` : strong;
}

export function leadHtml(doc: IncidentDocument, rows: DurationRow[]): string {
  const incident = doc.record.incident;
  const exposure = rows.find((r) => r.key === "exposure-window");
  const outage = rows.find((r) => r.key === "outage");
  const facts: Array<[string, string]> = [
    ["Impact", prose(incident.impact)],
    ["Cause", prose(incident.cause)],
    [incident.isAttack ? "An attack" : "Not an attack", incident.attackNote ? prose(incident.attackNote) : incident.isAttack ? "Yes" : "No"],
  ];
  if (exposure) facts.push(["Exposure window", rangeHtml(exposure) + cite(exposure.cites)]);
  if (outage) {
    // A count that disputes Cloudflare's sits beside it, with the reason it differs.
    const disputes = rows
      .filter((r) => r.contests === outage.key)
      .map(
        (d) =>
          `<span class="block">${esc(d.countedBy)}: <strong>${esc(d.display)}</strong>${cite(d.cites)}. ` +
          `${proseLine(d.method)} (<a href="#durations-heading">why the counts differ</a>)</span>`,
      );
    facts.push(["Outage", `${rangeHtml(outage)}, by ${esc(outage.countedBy)}'s count${cite(outage.cites)}${disputes.join("")}`]);
  }
  const dl = facts.map(([term, body]) => `<dt>${esc(term)}</dt><dd class="md">${body}</dd>`).join("");
  return section("lead", `<div class="summary">${prose(incident.summary, cite(incident.cites))}</div><dl class="facts">${dl}</dl>`);
}

/** The live page's "On this page" list; hidden on paper. */
export function tocHtml(): string {
  const links = SECTIONS.slice(1).map((s) => `<li><a href="#${s.id}-heading">${esc(s.title)}</a></li>`);
  return `<nav class="toc" aria-label="On this page"><ul>${links.join("")}</ul></nav>`;
}

export function figuresHtml(doc: IncidentDocument): string {
  const cards = doc.record.figures.map((f) => {
    const unit = f.unit ? `<span class="unit">${esc(f.unit)}</span>` : "";
    const note = f.note ? `<div class="block note md">${prose(f.note)}</div>` : "";
    return `<div class="figure"><dt>${esc(f.label)}${cite(f.cites)}${note}</dt><dd>${esc(f.value)}${unit}</dd></div>`;
  });
  const body = cards.length ? `<dl class="figures">${cards.join("")}</dl>` : `<p>${NONE_ON_RECORD.figures}</p>`;
  return section("figures", body);
}
