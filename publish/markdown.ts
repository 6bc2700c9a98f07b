import type { DurationRow } from "@/view/durations";
import { rowRange } from "@/view/durations";
import type { IncidentView, LeadFact } from "@/view/incident";
import { type Wording, wording } from "@/view/words";
import { mdText, mdTextBlock } from "./markdown-texts";
import { blocks, fn, heading, md, mdLine } from "./markdown-kit";
import { sectionMarkdown } from "./markdown-sections";

function range(r: DurationRow, w: Wording): string {
  const between = rowRange(r, w.locale);
  return between ? `${md(between)}: **${md(r.display)}**` : `**${md(r.display)}**`;
}

function leadFact(f: LeadFact, incident: object, w: Wording, howLong: string): string {
  switch (f.kind) {
    case "prose":
      return `- **${md(f.term)}:** ${mdText(incident, f.field)}`;
    case "attack":
      return `- **${md(f.term)}:** ${md(f.answer)}.${f.note ? ` ${mdLine(f.note)}` : ""}`;
    case "duration": {
      const see = md(w.t("exports.markdown.seeHowLong", { title: howLong }));
      const disputes = f.disputes.map((d) => ` ${md(d.countedBy)}: **${md(d.display)}**${fn(d.cites)}. ${mdLine(d.method)} ${see}`);
      return `- **${md(f.term)}:** ${range(f.row, w)}, ${md(w.t("record.lead.countedBy", { who: f.row.countedBy }))}${fn(f.row.cites)}.${disputes.join("")}`;
    }
  }
}

/**
 * The incident as GitHub-flavoured Markdown, in the view's language: the page's sections and facts
 * in its order, footnote citations; prose fields keep their Markdown (see lib/markdown), every other
 * text from the record is escaped so none of it becomes markup.
 */
export function renderMarkdown(view: IncidentView, schemaVersion: number): string {
  const w = wording(view.locale);
  const tags = `${md(view.what)} · ${md(view.statusLabel)}${view.severityLabel ? ` · ${md(view.severityLabel)}` : ""}`;
  const howLong = w.t("record.sections.durations");
  return (
    blocks(
      `# ${md(view.title)}`,
      tags,
      blocks(heading(w.t("record.sections.lead")), mdTextBlock(view.incident, "summary", fn(view.cites)), view.lead.map((f) => leadFact(f, view.incident, w, howLong)).join("\n")),
      ...view.sections.map((s) => sectionMarkdown(s, w)),
      `*${md(w.t("exports.markdown.footer", { version: schemaVersion }))}*`,
    ) + "\n"
  );
}
