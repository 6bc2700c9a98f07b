import { DEFAULT_LOCALE, isLocale } from "@/i18n/locales";
import type { IncidentRecord } from "@/domain/record/record";
import { type RecordTranslations, localeTranslationSchema, translationProblems } from "@/domain/record/translation";

/** seed/<slug>/translations.<locale>.json: the record's texts in one other language (README, "Languages"). */
export const TRANSLATION_FILE = /^translations\.([^.]*)\.json$/;

/**
 * A shipped incident's translation files, each checked against its record: a file of a language
 * the site does not speak, a field that is not translated text, or an item the record does not
 * have is refused with the file and the place. The shipped records are written in English.
 */
export function seedTranslations(slug: string, files: ReadonlyArray<{ file: string; raw: unknown }>, record: IncidentRecord): RecordTranslations {
  const out: RecordTranslations = {};
  const problems: string[] = [];
  for (const { file, raw } of files) {
    const locale = TRANSLATION_FILE.exec(file)?.[1];
    if (!locale || !isLocale(locale) || locale === DEFAULT_LOCALE) {
      problems.push(`${slug}/${file}: not a language of this site other than the record's own (translations.<language>.json)`);
      continue;
    }
    const parsed = localeTranslationSchema.safeParse(raw);
    const found = parsed.success
      ? translationProblems(record, DEFAULT_LOCALE, locale, parsed.data)
      : parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
    problems.push(...found.map((p) => `${slug}/${file}${p.path.length ? ` at ${p.path.join(".")}` : ""}: ${p.message}`));
    if (parsed.success && !found.length) out[locale] = parsed.data;
  }
  if (problems.length) throw new Error(`The seed is invalid:\n${problems.join("\n")}`);
  return out;
}
