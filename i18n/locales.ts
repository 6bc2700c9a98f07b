// The languages of the interface and of the record. English is at "/", every other language under
// its own prefix ("/ru/…"): one address answers in one language only, so the server's page cache
// stays keyed by path. A third language is a code here and a catalogue in messages/.

export const LOCALES = ["en", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** What each language calls itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", ru: "Русский" };

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The header the edge sets on every request for the app (any client's value replaced): next-intl reads it. */
export const LOCALE_HEADER = "x-next-intl-locale";

/** The address's language and the path without its prefix: "/ru/compare" → ru, "/compare"; "/compare" → en, "/compare". */
export function splitLocale(segments: readonly string[]): { locale: Locale; rest: string[] } {
  const [first, ...rest] = segments;
  return first !== undefined && first !== DEFAULT_LOCALE && isLocale(first) ? { locale: first, rest } : { locale: DEFAULT_LOCALE, rest: [...segments] };
}

/** The prefix of a language's addresses: "" for English, "/ru" for Russian. */
export const prefixOf = (locale: Locale): string => (locale === DEFAULT_LOCALE ? "" : `/${locale}`);

/** A path of this site in a language: ("ru", "/compare?x=1") → "/ru/compare?x=1"; ("ru", "/") → "/ru". */
export function localized(locale: Locale, path: string): string {
  const prefix = prefixOf(locale);
  if (!prefix) return path;
  return path === "/" ? prefix : path.startsWith("/?") || path.startsWith("/#") ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}
