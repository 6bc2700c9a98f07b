import { formatPreciseTime } from "@/lib/precise-time";
import { type MeasureView, affectedSentence } from "@/view/affected";
import { type DurationRow, rowRange } from "@/view/durations";
import { formatSourceDate, sourceByline } from "@/view/format";
import { formatCount } from "@/lib/count";
import { capitalize } from "@/lib/words";
import { type CitedEvent, type SectionView, STATUS_LABEL } from "@/view/incident";
import type { TimelineItem } from "@/view/timeline";
import { mdText } from "./markdown-texts";
import { blocks, fn, heading, md, mdLine, table } from "./markdown-kit";

type Of<I extends SectionView["id"]> = Extract<SectionView, { id: I }>;

function updates(s: Of<"updates">): string {
  const items = s.updates.map((u) => `- **${md(u.label)}**, ${md(u.when)}${fn(u.cites)}\\\n  ${mdLine(u.body)}`);
  return blocks(heading(s.title), "Newest first; times are UTC.", items.join("\n"));
}

function figures(s: Of<"figures">): string {
  const rows = s.figures.map((f) => [`${md(f.label)}${fn(f.cites)}`, md(f.unit ? `${f.value} ${f.unit}` : f.value), f.note ? mdLine(f.note) : ""]);
  return blocks(heading(s.title), table(["Figure", "Value", "Note"], rows));
}

function eventMd(item: TimelineItem<CitedEvent>): string {
  const { event, gapBefore, sameDayUntimed } = item;
  const when = event.at === null ? "Expected, no date yet" : formatPreciseTime({ at: event.at, precision: event.precision });
  const lines = [
    ...(gapBefore ? [`*${md(gapBefore)}*`] : []),
    `**${md(when)}**${sameDayUntimed ? " (that day, time not given)" : ""} · ${md(event.phase)} — **${md(event.title)}**${fn(event.cites)}`,
    ...(event.detail ? [mdText(event, "detail")] : []),
  ];
  // A trailing backslash is a hard line break; continuation lines are indented into the item.
  return `- ${lines.join("\\\n  ")}`;
}

function timeline(s: Of<"timeline">): string {
  const periods = s.timeline.periods.map((p) =>
    blocks(`### ${md(p.label)} (${md(p.range)})`, p.items.map(eventMd).join("\n")),
  );
  const intro = "Times of day are UTC. A date without a time is as precise as the sources give it (a day or a month) and is not converted.";
  return blocks(heading(s.title), intro, ...periods);
}

/** Ends a text with a full stop unless it already ends a sentence, so a note can follow in the same cell. */
const sentence = (t: string) => (/[.!?)"”]$/.test(t) ? t : `${t}.`);

function durations(s: Of<"durations">): string {
  const disputes = s.pairs.map(({ claim, other }) => {
    const side = (c: DurationRow) => `> - ${md(c.countedBy)}: **${md(c.length)}**${fn(c.cites)}. ${mdLine(c.method)}`;
    const lines = [`> **Two counts of the ${md(other.label.toLowerCase())} disagree.**`, ">", side(other), side(claim)];
    if (claim.note) lines.push(">", `> ${mdLine(claim.note)}`);
    return lines.join("\n");
  });
  const rows = s.rows.map((r) => [
    `${md(r.label)}${fn(r.cites)}`,
    md(r.display),
    md(rowRange(r, true) ?? "Stated, no start or end given"),
    `**${md(r.countedBy)}.** ${mdLine(r.note ? sentence(r.method) : r.method)}${r.note ? ` ${mdLine(r.note)}` : ""}`,
  ]);
  const footnote =
    "Every length here is computed from the dated events of the timeline, at the precision of the coarser of its two " +
    "dates; only a length a source states without dates is shown as stated.";
  return blocks(heading(s.title), ...disputes, table(["Duration", "Length", "From → to (UTC)", "Who counts it, and how"], rows), footnote);
}

/** Counts only: totals by role and data class, per UTC day, per bucket of each measure, and where the thresholds fall. */
function affected(s: Of<"affected">): string {
  const a = s.affected;
  const w = a.words;
  const sample = a.sample ? " — sample data" : "";
  const perDay = table(
    ["Day (UTC)", ...a.roles.map((r) => capitalize(r.label)), "Total"],
    a.perDay.days.map((d) => [formatSourceDate(d.day), ...a.roles.map((r) => String(d.byRole[r.key] ?? 0)), String(d.total)]),
    new Set(a.roles.map((_, i) => i + 1).concat(a.roles.length + 1)),
  );
  const measure = (m: MeasureView) => {
    const lines = [
      ...m.inside.map((l) => `- ${md(l.label)} (${formatCount(l.at)} ${md(m.unit)}): inside the range above`),
      ...m.outside.map((l) => `- ${md(l.label)} (${formatCount(l.at)} ${md(m.unit)}): outside it (${formatCount(m.low)}–${formatCount(m.high)})`),
    ].join("\n");
    return blocks(
      `### ${md(capitalize(m.name))}${sample}`,
      table([m.heading, capitalize(w.unitMany)], m.buckets.map((b) => [`${formatCount(b.from)}–${formatCount(b.to)}`, String(b.count)]), new Set([1])),
      lines ? `Thresholds:\n\n${lines}` : null,
    );
  };
  return blocks(
    heading(s.title),
    a.sample || a.note ? `${a.sample ? "**Sample data.**" : ""}${a.sample && a.note ? " " : ""}${a.note ? mdLine(a.note) : ""}` : null,
    md(affectedSentence(a)),
    a.classes.length ? blocks(`### Kinds of data${sample}`, table(["Data", capitalize(w.unitMany)], a.classes.map((c) => [md(capitalize(c.label)), String(c.count)]), new Set([1]))) : null,
    a.perDay.days.length
      ? blocks(`### Per day (UTC)${a.perDay.window ? `, across the exposure window (${md(a.perDay.window.label)})` : ""}${sample}`, perDay)
      : null,
    ...a.measures.map(measure),
  );
}

function assessments(s: Of<"assessments">): string {
  return blocks(
    heading(s.title),
    s.findings.length ? "### Findings" : null,
    s.findings.length ? md(s.assessors.join("; ")) : null,
    s.findings.map((f) => `- ${mdText(f, "statement", fn(f.cites))}`).join("\n"),
    s.reactions.length ? "### Reactions" : null,
    s.reactions.map((r) => `- **${md(r.who)}**${r.affiliation ? ` (${md(r.affiliation)})` : ""}: ${mdText(r, "statement", fn(r.cites))}`).join("\n"),
  );
}

function advice(s: Of<"advice">): string {
  const groups = s.groups.map((g) => blocks(`### ${md(g.title)}`, g.items.map((r) => `- *${STATUS_LABEL[r.status]}* — ${mdText(r, "text", fn(r.cites))}`).join("\n")));
  return blocks(heading(s.title), ...groups);
}

function context(s: Of<"context">): string {
  const topics = s.topics.map((t) => blocks(`### ${md(t.topic)}`, t.facts.map((f) => `- ${mdText(f, "statement", fn(f.cites))}`).join("\n")));
  return blocks(heading(s.title), ...topics);
}

/**
 * The numbered list, then a footnote definition for every source. Each list item references its
 * own footnote, so a source nothing else cites still has its definition rendered.
 */
function sources(s: Of<"sources">): string {
  const list = s.sources;
  // An ordered list shows only its first number; with gaps the numbers are written out instead.
  const contiguous = list.every((x, i) => x.number === (list[0]?.number ?? 0) + i);
  const items = list.map((x) => {
    const title = x.url ? `[${md(x.title)}](<${x.url}>)` : `**${md(x.title)}**`;
    const rest = `${md(sourceByline(x))}.${x.note ? ` ${mdLine(x.note)}` : ""}${fn([x.number])}`;
    return `${contiguous ? `${x.number}.` : `- **\\[${x.number}\\]**`} ${title} — ${rest}`;
  });
  const definitions = list.map((x) => {
    const author = x.author && x.author !== x.publisher ? `, ${x.author}` : "";
    return `[^${x.number}]: ${md(`${x.publisher}${author}, "${x.title}", ${formatSourceDate(x.publishedOn)}.`)}${x.url ? ` <${x.url}>` : ""}`;
  });
  return blocks(heading(s.title), items.join("\n"), definitions.join("\n"));
}

export function sectionMarkdown(s: SectionView): string {
  switch (s.id) {
    case "updates":
      return updates(s);
    case "figures":
      return figures(s);
    case "timeline":
      return timeline(s);
    case "durations":
      return durations(s);
    case "affected":
      return affected(s);
    case "assessments":
      return assessments(s);
    case "advice":
      return advice(s);
    case "context":
      return context(s);
    case "sources":
      return sources(s);
  }
}
