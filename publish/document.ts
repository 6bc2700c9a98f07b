import { type IncidentDocument, SCHEMA_VERSION } from "@/domain/record/document";
import type { AffectedSummary } from "@/domain/record/affected";
import type { IncidentRecord } from "@/domain/record/record";
import { durationRows } from "@/view/durations";
import { servedSources } from "@/view/format";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import type { RecordTranslations } from "@/domain/record/translation";

/** A record as an export takes it: with its own language and its translations, when it has them. */
export type ExportedRecord = { record: IncidentRecord; updatedAt: string; affected: { summary: AffectedSummary } | null; textLocale?: Locale; translations?: RecordTranslations };

/**
 * incident.json: the importable record, the lengths computed from it, the list's public counts, and
 * the record's texts in its other languages. One file in every language: its computed lengths are
 * written in English, as the record's numbers are.
 */
export function buildDocument(stored: ExportedRecord): IncidentDocument {
  const translated = Object.keys(stored.translations ?? {}).length > 0;
  return {
    schemaVersion: SCHEMA_VERSION,
    updatedAt: stored.updatedAt,
    ...(translated ? { textLocale: stored.textLocale ?? DEFAULT_LOCALE, translations: stored.translations } : {}),
    record: { ...stored.record, sources: servedSources(stored.record.sources) },
    computed: {
      durations: durationRows(stored.record, "en").map((r) => ({ key: r.key, length: r.length, approx: r.approx, basis: r.basis, minutes: r.minutes })),
    },
    affected: stored.affected?.summary ?? null,
  };
}
