import { type Collection, collectionOf } from "@/domain/record/collections";
import { INCIDENT_LABELS, fieldName } from "@/domain/record/incident";
import type { IncidentRecord } from "@/domain/record/record";
import { type LocaleTranslation, type TranslationEntry, type TextSubject, type TranslationSubject, entryOf, fieldsOf, isQuotedField, itemsByRef, ownText } from "@/domain/record/translation";
import { shapeTexts } from "@/domain/record/shape-texts";
import { SECTION_COLLECTIONS } from "./sections";

/** One text of the record on the translation page: its own wording, and its version in the page's language. */
export type TranslationRow = { name: string; label: string; own: string; entry: TranslationEntry | null; alwaysQuote: boolean };
/** The texts of one part of the record: the incident, or one item. */
export type TranslationPart = { id: string; title: string; rows: TranslationRow[] };
export type TranslationGroup = { id: string; title: string; parts: TranslationPart[] };

/** A row's form names: "incident.0.title", "events.12.detail" (the item's row id). */
export const rowName = (subject: TranslationSubject, id: number, field: string) => `${subject}.${id}.${field}`;

function labelOf(subject: TextSubject, field: string): string {
  const labels = subject === "incident" ? new Map<string, string>(Object.entries(INCIDENT_LABELS)) : new Map(collectionOf(subject).fields.map((f) => [f.name, f.label]));
  return fieldName(labels.get(field) ?? field);
}

function rowsOf(subject: TextSubject, id: number, holder: object, versions: Record<string, Parameters<typeof entryOf>[0]> | undefined): TranslationRow[] {
  return fieldsOf(subject).flatMap((field) => {
    const own = ownText(holder, field);
    const version = versions?.[field];
    return own === null ? [] : [{ name: rowName(subject, id, field), label: labelOf(subject, field), own, entry: version === undefined ? null : entryOf(version), alwaysQuote: isQuotedField(subject, field) }];
  });
}

/**
 * Every text of a record with its version in one language, grouped as the editor's outline is:
 * the incident, then each collection's items. Items are named by row id, as the verb takes them.
 */
export function translationGroups(record: IncidentRecord, ids: Record<Collection, number[]>, incidentId: number, t: LocaleTranslation, titles: { incident: string; shape: string }): TranslationGroup[] {
  const incidentTitle = titles.incident;
  const incident: TranslationGroup = { id: "incident", title: incidentTitle, parts: [{ id: "incident", title: record.incident.title, rows: rowsOf("incident", incidentId, record.incident, t.incident) }] };
  const collections = SECTION_COLLECTIONS.map((c): TranslationGroup => {
    const spec = collectionOf(c);
    const parts = [...itemsByRef(record, c)].map(([ref, { index, item }]) => {
      const id = ids[c][index] ?? 0;
      return { id: `${c}-${id}`, title: spec.name(item), rows: rowsOf(c, id, item, t[c]?.[ref]) };
    });
    return { id: c, title: spec.names.many, parts: parts.filter((p) => p.rows.length > 0) };
  });
  // The shape's words are named by their path, which says where each sits: "roles/recipient/label".
  const shapeRows = [...(record.affectedShape ? shapeTexts(record.affectedShape) : [])].map(([path, own]): TranslationRow => {
    const version = t.shape?.[path];
    return { name: rowName("shape", incidentId, path), label: path, own, entry: version === undefined ? null : entryOf(version), alwaysQuote: false };
  });
  const shape: TranslationGroup = { id: "shape", title: titles.shape, parts: shapeRows.length ? [{ id: "shape", title: titles.shape, rows: shapeRows }] : [] };
  return [incident, ...collections, shape].filter((g) => g.parts.length > 0);
}
