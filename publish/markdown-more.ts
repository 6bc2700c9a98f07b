import type { AffectedSummary, IncidentDocument } from "./document";
import { blocks, fn, heading, md, mdLine, table } from "./markdown-kit";
import {
  ADVICE_GROUPS,
  affectedSentence,
  formatCount,
  formatLongDate,
  formatSourceDate,
  groupBy,
  isLinkable,
  NO_AFFECTED,
  NONE_ON_RECORD,
  sourceByline,
  splitTokenLines,
  STATUS_LABEL,
  type TokenLine,
} from "./model";

type Record_ = IncidentDocument["record"];

/** Counts only: totals by role, per UTC day, per prompt-length bucket, and where the thresholds fall. */
export function affectedMd(a: AffectedSummary | null, lines: TokenLine[]): string {
  if (!a) return blocks(heading("affected"), NO_AFFECTED);
  const perDay = table(
    ["Day (UTC)", "Received another's data", "Own data exposed", "Total"],
    a.perDay.map((d) => [formatSourceDate(d.day), String(d.recipient), String(d.exposed), String(d.total)]),
    new Set([1, 2, 3]),
  );
  const { low, high, inside, outside } = splitTokenLines(a.promptTokens, lines);
  const buckets = table(
    ["Prompt tokens", "Responses"],
    a.promptTokens.map((b) => [`${formatCount(b.from)}–${formatCount(b.to)}`, String(b.count)]),
    new Set([1]),
  );
  const thresholds = [
    ...inside.map((l) => `- ${md(l.label)} (${formatCount(l.tokens)} tokens): inside the range above`),
    ...outside.map((l) => `- ${md(l.label)} (${formatCount(l.tokens)} tokens): outside it (${formatCount(low)}–${formatCount(high)})`),
  ].join("\n");
  return blocks(
    heading("affected"),
    a.sample ? `**Sample data.**${a.note ? ` ${mdLine(a.note)}` : ""}` : null,
    md(affectedSentence(a)),
    a.perDay.length ? blocks(`### Per day (UTC)${a.sample ? " — sample data" : ""}`, perDay) : null,
    a.promptTokens.length
      ? blocks(`### Prompt length${a.sample ? " — sample data" : ""}`, buckets, thresholds ? `Token thresholds:\n\n${thresholds}` : null)
      : "No prompt lengths on record.",
  );
}

export function assessmentsMd(record: Record_): string {
  const { findings, reactions } = record.assessments;
  const assessors = [...new Set(findings.map((f) => `${f.assessor}, ${formatLongDate(f.assessedOn)}`))];
  return blocks(
    heading("assessments"),
    "### Findings",
    md(assessors.join("; ")),
    findings.map((f) => `- ${mdLine(f.statement, fn(f.cites))}`).join("\n"),
    reactions.length ? "### Reactions" : null,
    reactions
      .map((r) => `- **${md(r.who)}**${r.affiliation ? ` (${md(r.affiliation)})` : ""}: ${mdLine(r.statement, fn(r.cites))}`)
      .join("\n"),
  );
}

export function adviceMd(record: Record_): string {
  const groups = ADVICE_GROUPS.flatMap((g) => {
    const items = record.recommendations.filter((r) => r.audience === g.audience);
    if (items.length === 0) return [];
    return [blocks(`### ${g.title}`, items.map((r) => `- *${STATUS_LABEL[r.status]}* — ${mdLine(r.text, fn(r.cites))}`).join("\n"))];
  });
  return blocks(heading("advice"), ...(groups.length ? groups : [NONE_ON_RECORD.advice]));
}

export function contextMd(record: Record_): string {
  const topics = groupBy(record.context, (f) => f.topic).map((t) =>
    blocks(`### ${md(t.key)}`, t.items.map((f) => `- ${mdLine(f.statement, fn(f.cites))}`).join("\n")),
  );
  return blocks(heading("context"), ...(topics.length ? topics : [NONE_ON_RECORD.context]));
}

/**
 * The numbered list, then a footnote definition for every source. Each list item references its
 * own footnote, so a source nothing else cites still has its definition rendered.
 */
export function sourcesMd(record: Record_): string {
  const sources = [...record.sources].sort((a, b) => a.number - b.number);
  // An ordered list shows only its first number; with gaps the numbers are written out instead.
  const contiguous = sources.every((s, i) => s.number === (sources[0]?.number ?? 0) + i);
  const list = sources.map((s) => {
    const title = isLinkable(s.url) ? `[${md(s.title)}](<${s.url}>)` : `**${md(s.title)}**`;
    const rest = `${md(sourceByline(s))}.${s.note ? ` ${mdLine(s.note)}` : ""}${fn([s.number])}`;
    return `${contiguous ? `${s.number}.` : `- **\\[${s.number}\\]**`} ${title} — ${rest}`;
  });
  const definitions = sources.map((s) => {
    const author = s.author && s.author !== s.publisher ? `, ${s.author}` : "";
    const link = isLinkable(s.url) ? ` <${s.url}>` : "";
    return `[^${s.number}]: ${md(`${s.publisher}${author}, "${s.title}", ${formatSourceDate(s.publishedOn)}.`)}${link}`;
  });
  return blocks(heading("sources"), list.join("\n"), definitions.join("\n"));
}
