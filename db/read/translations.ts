import "server-only";
import { and, asc, eq, or } from "drizzle-orm";
import { type Locale, isLocale } from "@/i18n/locales";
import { COLLECTION_NAMES, type Collection, isCollection } from "@/domain/record/collections";
import type { IncidentRecord } from "@/domain/record/record";
import { type LocaleTranslation, type RecordTranslations, type TranslationInput, itemRef } from "@/domain/record/translation";
import type { Tx } from "../store/store";
import { translation } from "../schema";

export type TranslationRow = typeof translation.$inferSelect;

/**
 * An incident's translations in one query on translation_incident_id_locale_idx: those into
 * `locale` and every original (a page in one language), or with "all" every one (the export).
 */
export async function translationRows(tx: Tx, incidentId: number, which: Locale | "all"): Promise<TranslationRow[]> {
  const where = which === "all" ? eq(translation.incidentId, incidentId) : and(eq(translation.incidentId, incidentId), or(eq(translation.locale, which), eq(translation.original, true)));
  // In one order on either engine, so what is made of them (the export's JSON) is the same.
  return tx.select().from(translation).where(where).orderBy(asc(translation.locale), asc(translation.id)).all();
}

const entry = (r: TranslationRow): TranslationInput => (r.original || r.quote ? { text: r.text, original: r.original, quote: r.quote } : r.text);

/**
 * The rows as the record's plain form names them (an item by its key, number or place, not its
 * row id): what the overlay, the export and the editor read. A row whose item is gone is left out.
 */
export function plainTranslations(rows: readonly TranslationRow[], record: IncidentRecord, ids: Record<Collection, number[]>): RecordTranslations {
  const refs = new Map<string, string>();
  for (const c of COLLECTION_NAMES) {
    const items: readonly object[] = record[c];
    ids[c].forEach((id, index) => {
      const item = items[index];
      if (item) refs.set(`${c}:${id}`, itemRef(c, item, index));
    });
  }
  const out: RecordTranslations = {};
  for (const r of rows) {
    if (!isLocale(r.locale)) continue;
    const t: LocaleTranslation = out[r.locale] ?? (out[r.locale] = {});
    if (r.subject === "incident" || r.subject === "shape") {
      t[r.subject] = { ...t[r.subject], [r.field]: entry(r) };
      continue;
    }
    const ref = isCollection(r.subject) ? refs.get(`${r.subject}:${r.subjectId}`) : undefined;
    if (!ref || !isCollection(r.subject)) continue;
    const items = t[r.subject] ?? {};
    t[r.subject] = { ...items, [ref]: { ...items[ref], [r.field]: entry(r) } };
  }
  return out;
}

/** One word of an incident's affected list's shape in a language (`roles/recipient/label`), or null when it has none there. */
export async function shapeWord(tx: Tx, incidentId: number, path: string, locale: Locale): Promise<string | null> {
  const where = and(eq(translation.incidentId, incidentId), eq(translation.subject, "shape"), eq(translation.field, path), eq(translation.locale, locale));
  return (await tx.select({ text: translation.text }).from(translation).where(where).get())?.text ?? null;
}
