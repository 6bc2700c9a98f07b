import { WORD, folded, stemOf, stemmedWords } from "./stem";

/** Hits come marked with these around each matched word; a page turns them into <mark>. */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** At most this many words of a search are used; the page says so when it drops any. */
export const MAX_SEARCH_TERMS = 12;

/** One asked word: a text's word matches it if it has the same stem, or (as before stems) its stem begins with the word as typed. */
export type AskedWord = { word: string; stem: string };
export type Search = { query: string; terms: string[]; words: AskedWord[]; dropped: number };

/**
 * A reader's words as an FTS5 query over the index's stems (lib/stem.ts) that cannot be a syntax
 * error: each word becomes ("stem" OR "word"*), all of them required (AND). Punctuation and FTS5's own
 * operators (AND, NEAR, quotes, columns) are only separators here. Null when no word is left.
 */
export function ftsQuery(text: string): Search | null {
  const all = stemmedWords(text);
  if (all.length === 0) return null;
  const words = all.slice(0, MAX_SEARCH_TERMS);
  const query = words.map(({ word, stem }) => (stem === word ? `"${word}"*` : `("${stem}" OR "${word}"*)`)).join(" AND ");
  return { query, terms: words.map((w) => w.word), words, dropped: all.length - words.length };
}

/** Whether a text's folded word is one the search asked for: the same rule as the FTS5 query. */
function matches(word: string, asked: readonly AskedWord[]): boolean {
  const stem = stemOf(word);
  return asked.some((a) => stem === a.stem || stem.startsWith(a.word));
}

type Token = { start: number; end: number; hit: boolean };
// A text's words as written (accents and stress marks inside them), each with whether it matched.
function tokensOf(text: string, asked: readonly AskedWord[]): Token[] {
  return Array.from(text.matchAll(/[\p{L}\p{N}\p{M}]+/gu), (m) => {
    const start = m.index;
    const hit = Array.from(folded(m[0]).matchAll(WORD), ([w]) => w).some((w) => matches(w, asked));
    return { start, end: start + m[0].length, hit };
  });
}

function marked(text: string, tokens: readonly Token[], from: number, to: number): string {
  let out = "";
  let at = from;
  for (const t of tokens) {
    if (!t.hit || t.start < from || t.end > to) continue;
    out += `${text.slice(at, t.start)}${MARK_START}${text.slice(t.start, t.end)}${MARK_END}`;
    at = t.end;
  }
  return out + text.slice(at, to);
}

/** A text with every word the search asked for between MARK_START and MARK_END, in the text's own spelling ("утечки" for "утечка"). */
export function markWords(text: string, asked: readonly AskedWord[]): string {
  return marked(text, tokensOf(text, asked), 0, text.length);
}

/** The part of a text, `size` words long, with the most asked words in it (the first such), marked; "…" where it is cut. */
export function snippetOf(text: string, asked: readonly AskedWord[], size = 24): string {
  const tokens = tokensOf(text, asked);
  if (tokens.length === 0) return "";
  let best = 0;
  let bestHits = -1;
  let hits = 0;
  for (let i = 0; i < tokens.length; i++) {
    hits += tokens[i]?.hit ? 1 : 0;
    if (i >= size && tokens[i - size]?.hit) hits--;
    const start = Math.max(0, i - size + 1);
    if (hits > bestHits) [best, bestHits] = [start, hits];
  }
  const first = tokens[best];
  const last = tokens[Math.min(tokens.length, best + size) - 1];
  if (!first || !last) return "";
  const from = best === 0 ? 0 : first.start;
  const to = best + size >= tokens.length ? text.length : last.end;
  return `${from > 0 ? "…" : ""}${marked(text, tokens, from, to)}${to < text.length ? "…" : ""}`;
}
