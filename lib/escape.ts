// Every string that comes from a record passes through one of these before it reaches an export.

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text and double- or single-quoted attribute values in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

// Characters XML 1.0 forbids outright (an entity would not help), and unpaired surrogates.
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text and attribute values in XML; characters XML cannot carry at all are dropped so the feed stays well-formed. */
export function escapeXml(text: string): string {
  return text.replace(XML_FORBIDDEN, "").replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

// Characters that can start markup somewhere in GitHub-flavoured Markdown: emphasis, code, links,
// raw HTML and entities, headings, tables, strikethrough, and GitHub's $math$.
const MARKDOWN_ACTIVE = /[\\`*_[\]<>#|~&$]/g;

/**
 * Inline text for Markdown, including table cells. Line breaks become spaces (a record's text is
 * one paragraph, and a newline would end a table row or list item), and a leading "-", "+", "=" or
 * "1. " is escaped so the text cannot open a list or underline a heading when it starts a line.
 */
export function escapeMarkdown(text: string): string {
  return escapeMarkdownText(text.replace(/\s*[\r\n]+\s*/g, " ").trim());
}

/** Text of one line, spaces kept: escaped as escapeMarkdown does, also where it starts a line after indentation. */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(MARKDOWN_ACTIVE, (c) => `\\${c}`)
    .replace(/^([ \t]*)([-+=])/, "$1\\$2")
    .replace(/^([ \t]*\d+)([.)])(?=\s|$)/, "$1\\$2");
}
