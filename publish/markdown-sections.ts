import { type MeasureView, affectedSentence } from "@/view/affected";
import { type DurationRow, rowRange } from "@/view/durations";
import { formatSourceDate, sourceByline } from "@/view/format";
import { capitalize } from "@/lib/words";
import { type CitedEvent, type SectionView, statusLabel } from "@/view/incident";
import type { TimelineItem } from "@/view/timeline";
import type { Wording } from "@/view/words";
import { mdText } from "./markdown-texts";
import { blocks, fn, heading, md, mdLine, table } from "./markdown-kit";

type Of<I extends SectionView["id"]> = Extract<SectionView, { id: I }>;

function updates(s: Of<"updates">, { t }: Wording): string {
  const items = s.updates.map((u) => `- **${md(u.label)}**, ${md(u.when)}${fn(u.cites)}\\\n  ${mdLine(u.body)}`);
  return blocks(heading(s.title), t("exports.markdown.updates"), items.join("\n"));
}

function figures(s: Of<"figures">, { t }: Wording): string {
  const rows = s.figures.map((f) => [`${md(f.label)}${fn(f.cites)}`, md(f.unit ? `${f.value} ${f.unit}` : f.value), f.note ? mdLine(f.note) : ""]);
  return blocks(heading(s.title), table([t("exports.markdown.figure"), t("exports.markdown.value"), t("exports.markdown.note")], rows));
}

function eventMd(item: TimelineItem<CitedEvent>, { t, date }: Wording): string {
  const { event, gapBefore, sameDayUntimed } = item;
  const when = event.at === null ? t("record.timeline.noDate") : date({ at: event.at, precision: event.precision });
  const lines = [
    ...(gapBefore ? [`*${md(gapBefore)}*`] : []),
    `**${md(when)}**${sameDayUntimed ? ` ${md(t("exports.markdown.untimed"))}` : ""} · ${md(t("record.timeline.phase", { phase: event.phase }))} — **${md(event.title)}**${fn(event.cites)}`,
    ...(event.detail ? [mdText(event, "detail")] : []),
  ];
  // A trailing backslash is a hard line break; continuation lines are indented into the item.
  return `- ${lines.join("\\\n  ")}`;
}

function timeline(s: Of<"timeline">, w: Wording): string {
  const periods = s.timeline.periods.map((p) =>
    blocks(`### ${md(p.label)} (${md(p.range)})`, p.items.map((i) => eventMd(i, w)).join("\n")),
  );
  return blocks(heading(s.title), w.t("record.timeline.note"), ...periods);
}

/** Ends a text with a full stop unless it already ends a sentence, so a note can follow in the same cell. */
const sentence = (t: string) => (/[.!?)"”]$/.test(t) ? t : `${t}.`);

function durations(s: Of<"durations">, { t, locale }: Wording): string {
  const disputes = s.pairs.map(({ claim, other }) => {
    const side = (c: DurationRow) => `> - ${md(c.countedBy)}: **${md(c.length)}**${fn(c.cites)}. ${mdLine(c.method)}`;
    const lines = [`> **${md(t("exports.markdown.disagree", { what: other.label.toLowerCase() }))}**`, ">", side(other), side(claim)];
    if (claim.note) lines.push(">", `> ${mdLine(claim.note)}`);
    return lines.join("\n");
  });
  const rows = s.rows.map((r) => [
    `${md(r.label)}${fn(r.cites)}`,
    md(r.display),
    md(rowRange(r, locale, true) ?? t("record.durations.stated")),
    `**${md(r.countedBy)}.** ${mdLine(r.note ? sentence(r.method) : r.method)}${r.note ? ` ${mdLine(r.note)}` : ""}`,
  ]);
  const head = [t("record.durations.duration"), t("record.durations.length"), t("record.durations.fromTo"), t("record.durations.who")];
  return blocks(heading(s.title), ...disputes, table(head, rows), t("record.durations.footnote"));
}

/** Counts only: totals by role and data class, per UTC day, per bucket of each measure, and where the thresholds fall. */
function affected(s: Of<"affected">, { t, locale, count }: Wording): string {
  const a = s.affected;
  const w = a.words;
  const sample = a.sample ? t("record.affected.sample") : "";
  const perDay = table(
    [t("record.affected.day"), ...a.roles.map((r) => capitalize(r.label)), t("record.affected.total")],
    a.perDay.days.map((d) => [formatSourceDate(d.day, locale), ...a.roles.map((r) => count(d.byRole[r.key] ?? 0)), count(d.total)]),
    new Set(a.roles.map((_, i) => i + 1).concat(a.roles.length + 1)),
  );
  const measure = (m: MeasureView) => {
    const lines = [
      ...m.inside.map((l) => `- ${md(l.label)} (${count(l.at)} ${md(m.unit)}): ${md(t("exports.markdown.inside"))}`),
      ...m.outside.map((l) => `- ${md(l.label)} (${count(l.at)} ${md(m.unit)}): ${md(t("exports.markdown.outside", { low: count(m.low), high: count(m.high) }))}`),
    ].join("\n");
    return blocks(
      `### ${md(capitalize(m.name) + sample)}`,
      table([m.heading, capitalize(w.unitMany)], m.buckets.map((b) => [`${count(b.from)}–${count(b.to)}`, count(b.count)]), new Set([1])),
      lines ? `${md(t("exports.markdown.thresholds"))}\n\n${lines}` : null,
    );
  };
  return blocks(
    heading(s.title),
    a.sample || a.note ? `${a.sample ? `**${md(t("record.affected.sampleLead"))}**` : ""}${a.sample && a.note ? " " : ""}${a.note ? mdLine(a.note) : ""}${a.noteLang ? ` (${md(t("recordLanguages.fallback", { lang: a.noteLang }))})` : ""}` : null,
    md(affectedSentence(a, locale)),
    a.classes.length
      ? blocks(`### ${md(t("exports.markdown.kinds") + sample)}`, table([t("record.affected.data"), capitalize(w.unitMany)], a.classes.map((c) => [md(capitalize(c.label)), count(c.count)]), new Set([1])))
      : null,
    a.perDay.days.length
      ? blocks(`### ${md(t("exports.markdown.perDay") + (a.perDay.window ? t("record.affected.acrossWindow", { window: a.perDay.window.label }) : "") + sample)}`, perDay)
      : null,
    ...a.measures.map(measure),
  );
}

function assessments(s: Of<"assessments">, { t }: Wording): string {
  return blocks(
    heading(s.title),
    s.findings.length ? `### ${md(t("record.assessments.findings"))}` : null,
    s.findings.length ? md(s.assessors.join("; ")) : null,
    s.findings.map((f) => `- ${mdText(f, "statement", fn(f.cites))}`).join("\n"),
    s.reactions.length ? `### ${md(t("record.assessments.reactions"))}` : null,
    s.reactions.map((r) => `- **${md(r.who)}**${r.affiliation ? ` (${md(r.affiliation)})` : ""}: ${mdText(r, "statement", fn(r.cites))}`).join("\n"),
  );
}

function advice(s: Of<"advice">, { locale }: Wording): string {
  const groups = s.groups.map((g) => blocks(`### ${md(g.title)}`, g.items.map((r) => `- *${md(statusLabel(r.status, locale))}* — ${mdText(r, "text", fn(r.cites))}`).join("\n")));
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
function sources(s: Of<"sources">, { locale }: Wording): string {
  const list = s.sources;
  // An ordered list shows only its first number; with gaps the numbers are written out instead.
  const contiguous = list.every((x, i) => x.number === (list[0]?.number ?? 0) + i);
  const items = list.map((x) => {
    const title = x.url ? `[${md(x.title)}](<${x.url}>)` : `**${md(x.title)}**`;
    const rest = `${md(sourceByline(x, locale))}.${x.note ? ` ${mdLine(x.note)}` : ""}${fn([x.number])}`;
    return `${contiguous ? `${x.number}.` : `- **\\[${x.number}\\]**`} ${title} — ${rest}`;
  });
  const definitions = list.map((x) => {
    const author = x.author && x.author !== x.publisher ? `, ${x.author}` : "";
    return `[^${x.number}]: ${md(`${x.publisher}${author}, "${x.title}", ${formatSourceDate(x.publishedOn, locale)}.`)}${x.url ? ` <${x.url}>` : ""}`;
  });
  return blocks(heading(s.title), items.join("\n"), definitions.join("\n"));
}

/** A section as Markdown, in the language of `w` (the view's). */
export function sectionMarkdown(s: SectionView, w: Wording): string {
  switch (s.id) {
    case "updates":
      return updates(s, w);
    case "figures":
      return figures(s, w);
    case "timeline":
      return timeline(s, w);
    case "durations":
      return durations(s, w);
    case "affected":
      return affected(s, w);
    case "assessments":
      return assessments(s, w);
    case "advice":
      return advice(s, w);
    case "context":
      return context(s);
    case "sources":
      return sources(s, w);
  }
}
