import { type MessageFormatElement, TYPE, parse } from "@formatjs/icu-messageformat-parser";
import { CATALOGUES, type Messages, flatMessages } from "@/i18n/catalogue";
import type { Locale } from "@/i18n/locales";

// Whether a page in another language still shows English interface text: the English catalogue's
// phrases of the given areas (each message cut at its arguments and plural or select options), less
// those the other language writes the same ("UTC", "JSON"), looked for in the page's text. The
// record's own texts are English until they are translated: a phrase they hold is not looked for.

type Tree = { [key: string]: string | Tree };
const isTree = (v: unknown): v is Tree => typeof v === "object" && v !== null;


/** The literal runs of a message, each option of a plural or select on its own: "{n, plural, one {# day} other {# days}}" → "day", "days". */
function literals(elements: MessageFormatElement[], into: string[] = [], run = { text: "" }): string[] {
  const flush = () => {
    if (run.text.trim()) into.push(run.text);
    run.text = "";
  };
  for (const e of elements) {
    if (e.type === TYPE.literal) run.text += e.value;
    else {
      flush();
      if ("options" in e) for (const option of Object.values(e.options)) literals(option.value, into);
      if ("children" in e) literals(e.children, into);
    }
  }
  flush();
  return into;
}

/** A run's phrase: what is between its edges' punctuation and spaces; null when too short to tell a language by. */
function phraseOf(run: string): string | null {
  const phrase = run.replace(/^[\s.,;:!?()“”"'’«»—–·→←\[\]-]+|[\s.,;:!?()“”"'’«»—–·→←\[\]-]+$/g, "");
  return (phrase.match(/\p{L}/gu) ?? []).length >= 4 ? phrase : null;
}

/** The English phrases of these areas that `locale` writes otherwise, plus any text the components still hard-code. */
export function englishPhrases(areas: ReadonlyArray<keyof Messages>, locale: Locale, extra: readonly string[] = []): string[] {
  const phrases = new Set<string>(extra);
  for (const area of areas) {
    const english = flatMessages(CATALOGUES.en[area]);
    const other = flatMessages(CATALOGUES[locale][area]);
    for (const [key, message] of english) {
      const theirs = other.get(key) ?? "";
      for (const run of literals(parse(message))) {
        const phrase = phraseOf(run);
        if (phrase && !theirs.includes(phrase)) phrases.add(phrase);
      }
    }
  }
  return [...phrases].sort((a, b) => b.length - a.length);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The phrase as a whole word or words, case and all: "Source" is not found in "Sources" or "source". */
const wordsOf = (phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, "u");

/**
 * The phrases found in `text`, except those the record's own texts hold (`record`: every text of the
 * records the page shows, as one string), since those are the record's words, not the interface's.
 */
export function englishLeaks(text: string, phrases: readonly string[], record = ""): string[] {
  return phrases.filter((p) => wordsOf(p).test(text) && !wordsOf(p).test(record));
}

/** Every string of an incident.json's record that is a text a person reads (not its keys, dates or enumerations). */
export function recordTexts(document: unknown): string {
  const SKIP = new Set(["slug", "status", "severity", "key", "at", "precision", "phase", "publishedOn", "url", "contests", "assessedOn", "audience", "role", "from", "to", "$schema", "computed", "updatedAt"]);
  const out: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (SKIP.has(key)) return;
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) for (const v of value) walk(v, key);
    else if (isTree(value)) for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(document, "");
  return out.join("\n");
}
