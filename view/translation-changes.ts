import { z } from "zod";
import { DEFAULT_LOCALE, type Locale, isLocale } from "@/i18n/locales";
import { translator } from "@/i18n/translate";

/** The audit entity of setTranslations (db/write/translations.ts): its before and after name the language and each field. */
export const TRANSLATIONS_ENTITY = "translations";

const snapshot = z.looseObject({ locale: z.string() });

/** The language a translations entry changed, and how many texts; null for an entry of something else. */
export function translationChange(entry: { entity: string; before: unknown; after: unknown }): { locale: Locale; count: number } | null {
  if (entry.entity !== TRANSLATIONS_ENTITY) return null;
  const after = snapshot.safeParse(typeof entry.after === "string" ? JSON.parse(entry.after) : entry.after);
  if (!after.success || !isLocale(after.data.locale)) return null;
  return { locale: after.data.locale, count: Object.keys(after.data).length - 1 };
}

/** "Translation into Russian changed (3 texts)", in the reader's language: what the changes page and the history say of it. */
export function translationChangeLine(entry: { entity: string; before: unknown; after: unknown }, locale: Locale = DEFAULT_LOCALE): string | null {
  const change = translationChange(entry);
  return change && translator(locale)("recordLanguages.changed", { lang: change.locale, count: change.count });
}
