import { escapeMarkdownText } from "@/lib/escape";
import type { Inline } from "./ast";

// Soft line breaks and runs of spaces or tabs become one space (the rendering is the same), so a
// text never starts a line of its own or indents one into code; a trailing "!" is escaped so it
// cannot turn a following link into an image.
export const textMd = (value: string) => escapeMarkdownText(value.replace(/[ \t\r\n]+/g, " ")).replace(/!$/, "\\!");

export const longestRun = (value: string) => Math.max(0, ...(value.match(/`+/g) ?? []).map((r) => r.length));

// "<" is never written unescaped, and "|" would split a table cell: code holding either is written
// as escaped text, losing only its monospace.
function codeMd(value: string): string {
  if (/[<|]/.test(value)) return textMd(value);
  const fence = "`".repeat(longestRun(value) + 1);
  const pad = /^`|`$/.test(value) || (/^ .*[^ ].* $/s.test(value)) ? " " : "";
  return `${fence}${pad}${value}${pad}${fence}`;
}

// Backslash escapes work in link destinations; the href has no space, "<" or ">" (see safeHref).
const urlMd = (href: string) => href.replace(/[()&$\\]/g, "\\$&");

function inlineMd(node: Inline, after: string): string {
  switch (node.type) {
    case "text":
      return textMd(node.value);
    case "emphasis":
      return `*${inlinesMd(node.children, after)}*`;
    case "strong":
      return `**${inlinesMd(node.children, after)}**`;
    case "code":
      return codeMd(node.value);
    case "link":
      return `[${inlinesMd(node.children, after)}](${urlMd(node.href)})`;
    case "break":
      return "\\\n";
    case "slot":
      return after;
  }
}

const PUNCTUATION = /^[\p{P}\p{S}]$/u;
const SPACE = /^[\p{Zs}\t\n\f\r]$/u;
const reference = (c: string) => `&#x${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()};`;

/**
 * A "*" only opens or closes emphasis beside the right characters (CommonMark's flanking rules).
 * When the text inside starts or ends with punctuation and a letter is outside, the letter is
 * written as a character reference, which starts and ends with punctuation; a space just inside is too.
 */
function attentionMd(delimiter: string, inner: string, before: string, after: string) {
  const chars = [...inner];
  const first = chars[0] ?? "";
  const last = chars.at(-1) ?? "";
  const plain = (c: string) => c !== "" && !SPACE.test(c) && !PUNCTUATION.test(c);
  const body = chars.length > 1 && SPACE.test(last) ? [...chars.slice(0, -1), reference(last)] : chars;
  if (SPACE.test(first)) body[0] = reference(first);
  return {
    encodeBefore: PUNCTUATION.test(first) && plain(before),
    text: `${delimiter}${body.join("")}${delimiter}`,
    encodeAfter: PUNCTUATION.test(last) && plain(after),
  };
}

export function inlinesMd(nodes: Inline[], after: string): string {
  const parts = nodes.map((n) => inlineMd(n, after));
  nodes.forEach((node, i) => {
    if (node.type !== "emphasis" && node.type !== "strong") return;
    const delimiter = node.type === "strong" ? "**" : "*";
    const inner = parts[i]?.slice(delimiter.length, -delimiter.length) ?? "";
    const prev = [...(parts[i - 1] ?? "")];
    const next = [...(parts[i + 1] ?? "")];
    const a = attentionMd(delimiter, inner, prev.at(-1) ?? "", next[0] ?? "");
    parts[i] = a.text;
    if (a.encodeBefore) parts[i - 1] = [...prev.slice(0, -1), reference(prev.at(-1) ?? "")].join("");
    if (a.encodeAfter) parts[i + 1] = [reference(next[0] ?? ""), ...next.slice(1)].join("");
  });
  return parts.join("");
}
