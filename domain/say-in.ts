import { CATALOGUES } from "@/i18n/catalogue";
import type { Locale } from "@/i18n/locales";
import { type Said, type Translate, say, translateIn } from "./said";

// Said with the whole catalogue, on the server: kept apart from said.ts, which the browser's forms
// import, so the catalogues of every language do not travel with them.

const cache = new Map<Locale, Translate>();

/** A translator of the whole catalogue in `locale`, any key ("problems.noIncident"). */
export function wordsIn(locale: Locale): Translate {
  let t = cache.get(locale);
  if (!t) cache.set(locale, (t = translateIn(locale, CATALOGUES[locale])));
  return t;
}

/** The sentence in `locale`. */
export const sayIn = (locale: Locale, said: Said): string => say(wordsIn(locale), said);

/** The English sentence: what logs and English-only callers read as an error's message. */
export const english = (said: Said): string => sayIn("en", said);
