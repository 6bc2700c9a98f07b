import { proseHtml } from "@/lib/markdown/html";
import { formatPreciseTime, formatPreciseTimeShort, type PreciseTime, toDateTimeAttr } from "@/lib/precise-time";
import { escapeHtml } from "@/lib/escape";
import { SECTIONS, type SectionId } from "./model";
import { PAGE_CSS } from "./html-style";

export const esc = escapeHtml;

/** A prose field's Markdown as blocks; `after` (citation marks) ends its last paragraph. */
export const prose = (text: string, after = "") => proseHtml(text, after ? { after } : {});
/** A prose field on one line, where only phrasing content fits. */
export const proseLine = (text: string) => proseHtml(text, { inline: true });

/** Citation markers that jump to the numbered source list, as on the live page. */
export function cite(numbers: readonly number[]): string {
  if (numbers.length === 0) return "";
  const links = numbers.map((k) => `<a href="#source-${k}" aria-label="Source ${k}">[${k}]</a>`).join("");
  // A word joiner keeps the marker on the line of the word it follows.
  return `&#8288;<sup class="cite">${links}</sup>`;
}

/** A date or time as precise as the record gives it, in UTC, with a machine-readable datetime. */
export function timeTag(t: PreciseTime, short = false): string {
  const attr = toDateTimeAttr(t);
  const label = esc((short ? formatPreciseTimeShort : formatPreciseTime)(t));
  return attr === null ? label : `<time datetime="${attr}">${label}</time>`;
}

export function sectionTitle(id: SectionId): string {
  return SECTIONS.find((s) => s.id === id)?.title ?? id;
}

/** A section as the live page has it: an h2 with the same id, linking to itself; a badge beside, not inside, the heading. */
export function section(id: SectionId, body: string, badge = ""): string {
  const head = `<h2 id="${id}-heading"><a href="#${id}-heading">${esc(sectionTitle(id))}</a></h2>`;
  return (
    `<section aria-labelledby="${id}-heading" class="sec-${id}">` +
    `<div class="section-head">${head}${badge}</div>${body}</section>`
  );
}

export const SAMPLE_BADGE = `<span class="badge">Sample data</span>`;

/** A captioned chart with an optional text legend and the numbers behind it. */
export function chartFigure(id: string, caption: string, chart: string, extra = ""): string {
  return `<figure class="chart-box" data-chart="${esc(id)}"><figcaption>${caption}</figcaption>${chart}${extra}</figure>`;
}

/** The whole self-contained document: inline CSS, no script, nothing fetched. */
export function htmlPage(title: string, description: string, body: string): string {
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<title>${esc(title)}</title>\n<meta name="description" content="${esc(description)}">\n` +
    `<meta name="color-scheme" content="light dark">\n<style>${PAGE_CSS}</style>\n</head>\n` +
    `<body>\n<div class="page">\n${body}\n</div>\n</body>\n</html>\n`
  );
}
