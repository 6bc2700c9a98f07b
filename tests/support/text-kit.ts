// Shared by the prose tests only: texts made of Markdown and HTML fragments, hostile ones included.
import fc from "fast-check";

const FRAGMENTS = [
  "a", "b", "word", "é", "😀", " ", "  ", "\t", "    ", "\n", "\n\n", "  \n", "\\\n", "\\",
  "*", "**", "_", "__", "`", "``", "```", "~~~", "~", "[", "]", "](", "(", ")", "!", "<", ">", "&", "&amp;", "&#60;",
  "#", "# ", "- ", "+ ", "* ", "1. ", "2) ", "> ", "|", "$", "=", "---", "===", ":", "\"", "'",
  "javascript:", "JavaScript:", "data:text/html,", "http://x.org/", "https://x.org/a?b=1&c=(2)", "mailto:a@b.c",
  "<img src=x onerror=alert(1)>", "<script>", "</script>", '<a href="javascript:alert(1)">', "<!--", "-->",
  "<http://x.org>", "<javascript:alert(1)>", "[x]: http://x.org", "[x]",
];
const markdownish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(""));
export const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), markdownish);

export type Tag = { name: string; closing: boolean; attrs: Array<[string, string | null]> };

/** Start and end tags with their attributes; all attribute values the renderers write are double-quoted. */
export function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/"]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const attrs: Array<[string, string | null]> = [];
    for (const a of (m[3] ?? "").matchAll(/\s+([^\s=>/"]+)(?:="([^"]*)")?/g)) attrs.push([a[1] ?? "", a[2] ?? null]);
    tags.push({ name: (m[2] ?? "").toLowerCase(), closing: m[1] === "/", attrs });
  }
  return tags;
}

/** Every value of one attribute, entities decoded. */
export const attrValues = (html: string, name: string) =>
  tagsOf(html).flatMap((t) => t.attrs.filter(([k]) => k === name).map(([, v]) => decodeEntities(v ?? "")));

export function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (all, e: string) => {
    if (e.startsWith("#x")) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith("#")) return String.fromCodePoint(Number(e.slice(1)));
    return named[e] ?? all;
  });
}

const INLINE = /^<\/?(a|sup|strong|em|time|span|abbr)\b/i;

/** The visible text of an HTML fragment: style dropped, block tags read as spaces, entities decoded, word joiners removed. */
export const textOf = (fragment: string) =>
  decodeEntities(fragment.replace(/<style>[^]*?<\/style>/g, "").replace(/<[^>]*>/g, (tag) => (INLINE.test(tag) ? "" : " ")))
    .replace(/\u2060/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** Indexes of `char` not escaped by a backslash (an even run of backslashes before it escapes nothing). */
export function unescapedIndexes(text: string, char: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\") {
      i++;
      continue;
    }
    if (text[i] === char) found.push(i);
  }
  return found;
}

/** Letters only: what no renderer may lose. */
export const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).join("");
// Where letters may go on purpose: a link's destination, a character reference, a fence's language.
export const keepsAllLetters = (s: string) => !s.includes("](") && !s.includes(";") && !/(`{3}|~{3})[^\n]*\p{L}/u.test(s);
