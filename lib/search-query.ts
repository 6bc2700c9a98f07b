/** Hits come marked with these around each matched word; a page turns them into <mark>. */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** At most this many words of a search are used; the page says so when it drops any. */
export const MAX_SEARCH_TERMS = 12;

/**
 * A reader's words as an FTS5 query that cannot be a syntax error: each run of letters or digits
 * becomes a quoted prefix term ("redis"*), all of them required. Punctuation and FTS5's own
 * operators (AND, NEAR, quotes, columns) are only separators here. Null when no word is left.
 */
export function ftsQuery(text: string): { query: string; terms: string[]; dropped: number } | null {
  const words = text.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  const terms = words.slice(0, MAX_SEARCH_TERMS);
  return { query: terms.map((t) => `"${t}"*`).join(" "), terms, dropped: words.length - terms.length };
}
