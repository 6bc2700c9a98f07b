import { z } from "zod";
import { collectionOf, isCollection } from "@/domain/record/collections";
import { incidentSchema } from "@/domain/record/incident";
import type { Said } from "@/domain/said";
import { type DiffPart, wordDiff } from "@/lib/word-diff";
import { translationChange } from "./translation-changes";

/** An audit entry as the editor's history reads it (db/read/editor.ts historyOf). */
export type HistoryEntry = { id: number; at: string; actor: string; action: string; entity: string; before: unknown; after: unknown };
/** `label`: the field's name in the editor's catalogue, or the stored column's own name where no form shows it. */
export type FieldChange = { field: string; label: Said | string; before: string; after: string; parts: DiffPart[] };
export type HistoryLine = { id: number; at: string; actor: string; headline: Said; changes: FieldChange[] };

/** Bookkeeping every row carries; not the author's. */
const HIDDEN = new Set(["id", "incidentId", "position", "createdAt", "updatedAt", "version"]);
const fields = z.record(z.string(), z.unknown());
const fieldsOf = (value: unknown) => fields.safeParse(value).data ?? {};
const text = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : JSON.stringify(value));

/** "Added event “Disk full”": the change and the item it was made to, named as the editor names it. */
function headline(e: HistoryEntry): Said {
  const verb = e.action;
  if (e.entity === "incident") return e.action === "create" ? { key: "editor.history.created" } : { key: "editor.history.incident", values: { verb } };
  if (e.entity === "affected") return { key: "editor.history.affected", values: { verb } };
  const translated = translationChange(e);
  if (translated) return { key: "recordLanguages.changed", values: { lang: translated.locale, count: translated.count } };
  if (!isCollection(e.entity)) return { key: "editor.history.other", values: { verb, entity: e.entity } };
  const item = fieldsOf(e.after ?? e.before);
  const name = typeof item.title === "string" ? item.title : typeof item.label === "string" ? item.label : typeof item.key === "string" ? item.key : null;
  const one = { key: `editor.collections.${e.entity}.one` };
  return name ? { key: "editor.history.named", values: { verb, item: one, name } } : { key: "editor.history.item", values: { verb, item: one } };
}

/** A field as its form labels it; a stored column no form shows (a duration's event ids) by its name. */
function labelOf(entity: string, field: string): Said | string {
  if (entity === "incident") return Object.hasOwn(incidentSchema.shape, field) ? { key: `editor.incident.fields.${field}` } : field;
  const words = isCollection(entity) ? collectionOf(entity).fields.find((f) => f.name === field)?.words : undefined;
  return words ? { key: `${words}.label` } : field;
}

/** Each entry with the fields it changed, before and after, the changed words marked; Markdown stays text. */
export function historyLines(entries: readonly HistoryEntry[]): HistoryLine[] {
  return entries.map((e) => {
    const before = fieldsOf(e.before);
    const after = fieldsOf(e.after);
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((n) => !HIDDEN.has(n));
    const changes = names
      .map((field) => ({ field, before: text(before[field]), after: text(after[field]) }))
      .filter((c) => c.before !== c.after)
      .map((c) => ({ ...c, label: labelOf(e.entity, c.field), parts: wordDiff(c.before, c.after) }));
    return { id: e.id, at: e.at, actor: e.actor, headline: headline(e), changes };
  });
}
