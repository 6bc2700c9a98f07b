import { formatPreciseTime } from "@/lib/precise-time";
import type { TimelineItem } from "@/view/timeline";
import type { IncidentDocument } from "./document";
import { blocks, fn, heading, md, mdLine, mdProse, table } from "./markdown-kit";
import { adviceMd, affectedMd, assessmentsMd, contextMd, sourcesMd } from "./markdown-more";
import { contestedPairs, durationRows, type DurationRow, NONE_ON_RECORD, type RenderOptions, rowRange, timelineOf } from "./model";

function leadMd(doc: IncidentDocument, rows: DurationRow[]): string {
  const i = doc.record.incident;
  const range = (r: DurationRow) => (rowRange(r) ? `${md(rowRange(r) ?? "")}: **${md(r.display)}**` : `**${md(r.display)}**`);
  const facts = [
    `- **Impact:** ${mdLine(i.impact)}`,
    `- **Cause:** ${mdLine(i.cause)}`,
    `- **${i.isAttack ? "An attack" : "Not an attack"}:** ${i.attackNote ? mdLine(i.attackNote) : i.isAttack ? "Yes" : "No"}`,
  ];
  const exposure = rows.find((r) => r.key === "exposure-window");
  const outage = rows.find((r) => r.key === "outage");
  if (exposure) facts.push(`- **Exposure window:** ${range(exposure)}${fn(exposure.cites)}`);
  if (outage) {
    const disputes = rows
      .filter((r) => r.contests === outage.key)
      .map((d) => ` ${md(d.countedBy)}: **${md(d.display)}**${fn(d.cites)}. ${mdLine(d.method)} (See “How long”.)`);
    facts.push(`- **Outage:** ${range(outage)}, by ${md(outage.countedBy)}'s count${fn(outage.cites)}.${disputes.join("")}`);
  }
  return blocks(heading("lead"), mdProse(i.summary, fn(i.cites)), facts.join("\n"));
}

function figuresMd(doc: IncidentDocument): string {
  const rows = doc.record.figures.map((f) => [
    `${md(f.label)}${fn(f.cites)}`,
    md(f.unit ? `${f.value} ${f.unit}` : f.value),
    f.note ? mdLine(f.note) : "",
  ]);
  return blocks(heading("figures"), rows.length ? table(["Figure", "Value", "Note"], rows) : NONE_ON_RECORD.figures);
}

function eventMd(item: TimelineItem, cites: number[]): string {
  const { event, gapBefore, sameDayUntimed } = item;
  const when = event.at === null ? "Expected, no date yet" : formatPreciseTime({ at: event.at, precision: event.precision });
  const lines = [
    ...(gapBefore ? [`*${md(gapBefore)}*`] : []),
    `**${md(when)}**${sameDayUntimed ? " (that day, time not given)" : ""} · ${md(event.phase)} — **${md(event.title)}**${fn(cites)}`,
    ...(event.detail ? [mdLine(event.detail)] : []),
  ];
  // A trailing backslash is a hard line break; continuation lines are indented into the item.
  return `- ${lines.join("\\\n  ")}`;
}

function timelineMd(doc: IncidentDocument): string {
  const { timeline, cites } = timelineOf(doc);
  const periods = timeline.periods.map((p) =>
    blocks(`### ${md(p.label)} (${md(p.range)})`, p.items.map((it) => eventMd(it, cites.get(it.event.id) ?? [])).join("\n")),
  );
  const intro =
    "Times of day are UTC. A date without a time is as precise as the sources give it (a day or a month) and is not converted.";
  return blocks(heading("timeline"), intro, ...periods);
}

/** Ends a text with a full stop unless it already ends a sentence, so a note can follow in the same cell. */
const sentence = (s: string) => (/[.!?)"”]$/.test(s) ? s : `${s}.`);

function durationsMd(rows: DurationRow[]): string {
  const disputes = contestedPairs(rows).map(({ claim, other }) => {
    const side = (c: DurationRow) => `> - ${md(c.countedBy)}: **${md(c.length)}**${fn(c.cites)}. ${mdLine(c.method)}`;
    const lines = [`> **Two counts of the ${md(other.label.toLowerCase())} disagree.**`, ">", side(other), side(claim)];
    if (claim.note) lines.push(">", `> ${mdLine(claim.note)}`);
    return lines.join("\n");
  });
  const tableRows = rows.map((r) => [
    `${md(r.label)}${fn(r.cites)}`,
    md(r.display),
    md(rowRange(r, true) ?? "Stated, no start or end given"),
    `**${md(r.countedBy)}.** ${mdLine(r.note ? sentence(r.method) : r.method)}${r.note ? ` ${mdLine(r.note)}` : ""}`,
  ]);
  const footnote =
    "Every length here is computed from the dated events of the timeline, at the precision of the coarser of its two " +
    "dates; only a length a source states without dates is shown as stated.";
  return blocks(
    heading("durations"),
    ...disputes,
    rows.length ? table(["Duration", "Length", "From → to (UTC)", "Who counts it, and how"], tableRows) : NONE_ON_RECORD.durations,
    rows.length ? footnote : null,
  );
}

/**
 * The incident as GitHub-flavoured Markdown: the HTML export's sections and facts, footnote
 * citations; prose fields keep their Markdown (see lib/markdown), every other text from the record
 * is escaped so none of it becomes markup.
 */
export function renderMarkdown(doc: IncidentDocument, opts: RenderOptions = {}): string {
  const { record } = doc;
  const i = record.incident;
  const what = [i.provider, i.service, i.model].filter((x): x is string => x !== null).join(" · ");
  const tags = `${md(what)} · ${md(i.status)}${i.severity ? ` · severity: ${md(i.severity)}` : ""}`;
  const rows = durationRows(doc);
  return (
    blocks(
      `# ${md(i.title)}`,
      tags,
      leadMd(doc, rows),
      figuresMd(doc),
      timelineMd(doc),
      durationsMd(rows),
      affectedMd(doc.affected, opts.tokenLines ?? []),
      assessmentsMd(record),
      adviceMd(record),
      contextMd(record),
      sourcesMd(record),
      `*Exported from Aftermath (schema version ${doc.schemaVersion}). All times are UTC.*`,
    ) + "\n"
  );
}
