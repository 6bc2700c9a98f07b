import type { DurationRow } from "@/view/durations";
import { rowRange } from "@/view/durations";
import type { IncidentView, LeadFact } from "@/view/incident";
import { mdText, mdTextBlock } from "./markdown-texts";
import { blocks, fn, heading, md, mdLine } from "./markdown-kit";
import { sectionMarkdown } from "./markdown-sections";

function range(r: DurationRow): string {
  const between = rowRange(r);
  return between ? `${md(between)}: **${md(r.display)}**` : `**${md(r.display)}**`;
}

function leadFact(f: LeadFact, incident: object): string {
  switch (f.kind) {
    case "prose":
      return `- **${md(f.term)}:** ${mdText(incident, f.field)}`;
    case "attack":
      return `- **${md(f.term)}:** ${f.answer}.${f.note ? ` ${mdLine(f.note)}` : ""}`;
    case "duration": {
      const disputes = f.disputes.map((d) => ` ${md(d.countedBy)}: **${md(d.display)}**${fn(d.cites)}. ${mdLine(d.method)} (See “How long”.)`);
      return `- **${md(f.term)}:** ${range(f.row)}, by ${md(f.row.countedBy)}'s count${fn(f.row.cites)}.${disputes.join("")}`;
    }
  }
}

/**
 * The incident as GitHub-flavoured Markdown: the page's sections and facts in its order, footnote
 * citations; prose fields keep their Markdown (see lib/markdown), every other text from the record
 * is escaped so none of it becomes markup.
 */
export function renderMarkdown(view: IncidentView, schemaVersion: number): string {
  const tags = `${md(view.what)} · ${md(view.status)}${view.severity ? ` · severity: ${md(view.severity)}` : ""}`;
  return (
    blocks(
      `# ${md(view.title)}`,
      tags,
      blocks(heading("What happened"), mdTextBlock(view.incident, "summary", fn(view.cites)), view.lead.map((f) => leadFact(f, view.incident)).join("\n")),
      ...view.sections.map(sectionMarkdown),
      `*Exported from Aftermath (schema version ${schemaVersion}). All times are UTC.*`,
    ) + "\n"
  );
}
