import { stemmer as russian } from "@orama/stemmers/russian";
import english from "wink-porter2-stemmer";

// Search compares words by stem, in English and Russian alike, so "утечка" meets "утечки" and
// "leaks" meets "leak" (BENCHMARKS.md: the stemmers compared). A word's script picks its stemmer,
// so a text and a search need no language named, and an English word in a Russian text still meets.

/** The runs of letters and digits search reads as words. */
export const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /^\p{Script=Cyrillic}+$/u;
const LATIN = /^[\p{Script=Latin}\p{N}]*\p{Script=Latin}[\p{Script=Latin}\p{N}]*$/u;

/** A text as search compares it: lower case, compatibility forms joined, accents and stress marks dropped (ё as е), but й kept. */
export function folded(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, (mark, at: number, all: string) => (mark === "\u0306" && all[at - 1] === "и" ? mark : ""))
    .normalize("NFKC")
    .toLowerCase();
}

// Snowball's Russian leaves the genitive plural's fleeting vowel (утечек, ошибок, звонков from
// звонок); a long stem ending consonant + е/о + к drops it, so утечек meets утечка.
const FLEETING = /([бвгджзклмнпрстфхцчшщ])[ео]к$/u;
const russianStem = (word: string): string => {
  const stem = russian(word);
  return stem.length >= 5 ? stem.replace(FLEETING, "$1к") : stem;
};

const memo = new Map<string, string>();
const MEMO_SIZE = 50_000;

/** The stem of one folded word: Russian for a Cyrillic word, Porter2 for a Latin one, the word itself otherwise (numbers, mixed scripts). */
export function stemOf(word: string): string {
  const known = memo.get(word);
  if (known !== undefined) return known;
  const stem = (CYRILLIC.test(word) ? russianStem(word) : LATIN.test(word) ? english(word) : word) || word;
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(word, stem);
  return stem;
}

/** A text's words, folded, each with its stem. */
export function stemmedWords(text: string): Array<{ word: string; stem: string }> {
  return Array.from(folded(text).matchAll(WORD), ([word]) => ({ word, stem: stemOf(word) }));
}

/** A text as the search index holds it: its words' stems, one space apart (the SQL function aftermath_stems, db/client.ts). */
export function stems(text: string | null): string {
  return text ? stemmedWords(text).map((w) => w.stem).join(" ") : "";
}
