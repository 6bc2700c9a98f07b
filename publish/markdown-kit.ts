import { escapeMarkdown } from "@/lib/escape";
import { proseMarkdown } from "@/lib/markdown/markdown";

export const md = escapeMarkdown;

/** A prose field's Markdown as blocks; `after` (footnote references) ends its last paragraph. */
export const mdProse = (text: string, after = "") => proseMarkdown(text, after ? { after } : {});
/** A prose field on one line, for a table cell or a sentence in a list item. */
export const mdLine = (text: string, after = "") => proseMarkdown(text, { inline: true, ...(after ? { after } : {}) });

/** Footnote references, one per cited source: "[^0][^3]". */
export const fn = (cites: readonly number[]) => cites.map((k) => `[^${k}]`).join("");

export const heading = (title: string) => `## ${md(title)}`;

/**
 * A GFM table. Cells arrive already escaped (escapeMarkdown escapes "|"), so no cell can split; the
 * head is plain text (some of it an incident's words) and escaped here. An empty cell is kept as a
 * space so every row has the header's number of cells.
 */
export function table(head: string[], rows: string[][], numeric: ReadonlySet<number> = new Set()): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c || " ").join(" | ")} |`;
  const rule = head.map((_, i) => (numeric.has(i) ? "---:" : "---"));
  return [line(head.map(md)), line(rule), ...rows.map(line)].join("\n");
}

/** Joins blocks with one blank line, dropping empty ones. */
export const blocks = (...parts: Array<string | null | undefined | false>) =>
  parts.filter((p): p is string => typeof p === "string" && p.length > 0).join("\n\n");
