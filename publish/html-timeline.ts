import type { TimelineItem } from "@/view/timeline";
import type { IncidentDocument } from "./document";
import { cite, esc, prose, section, timeTag } from "./html-kit";
import { timelineOf } from "./model";

function eventHtml(item: TimelineItem, cites: number[]): string {
  const { event, gapBefore, sameDayUntimed } = item;
  const when = event.at === null ? "Expected, no date yet" : timeTag({ at: event.at, precision: event.precision });
  const head =
    `<p class="ev-head"><span class="when">${when}</span>` +
    (sameDayUntimed ? `<span class="muted">that day, time not given</span>` : "") +
    `<span class="phase ph-${esc(event.phase)}">${esc(event.phase)}</span></p>`;
  return (
    `<li class="event">` +
    (gapBefore ? `<p class="gap">${esc(gapBefore)}</p>` : "") +
    head +
    `<p class="ev-title">${esc(event.title)}${cite(cites)}</p>` +
    (event.detail ? `<div class="ev-detail md">${prose(event.detail)}</div>` : "") +
    `</li>`
  );
}

/** Periods with their date ranges, the gaps between events, each date only as precise as recorded. */
export function timelineHtml(doc: IncidentDocument): string {
  const { timeline, cites } = timelineOf(doc);
  const intro =
    `<p class="small muted">Times of day are UTC. A date without a time is as precise as the sources give it ` +
    `(a day or a month) and is not converted.</p>`;
  const periods = timeline.periods.map(
    (p) =>
      `<div class="period"><h3>${esc(p.label)} <span class="range">${esc(p.range)}</span></h3>` +
      `<ol class="events">${p.items.map((i) => eventHtml(i, cites.get(i.event.id) ?? [])).join("")}</ol></div>`,
  );
  return section("timeline", intro + periods.join(""));
}
