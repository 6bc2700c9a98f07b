import { z } from "zod";
import { collectionOf, isCollection } from "@/domain/record/collections";
import { INCIDENT_LABELS, fieldName } from "@/domain/record/incident";
import { type DiffPart, wordDiff } from "@/lib/word-diff";
import { translationChangeLine } from "./translation-changes";

/** An audit entry as the editor's history reads it (db/read/editor.ts historyOf). */
export type HistoryEntry = { id: number; at: string; actor: string; action: string; entity: string; before: unknown; after: unknown };
export type FieldChange = { field: string; label: string; before: string; after: string; parts: DiffPart[] };
export type HistoryLine = { id: number; at: string; actor: string; headline: string; changes: FieldChange[] };

/** Bookkeeping every row carries; not the author's. */
const HIDDEN = new Set(["id", "incidentId", "position", "createdAt", "updatedAt", "version"]);
const fields = z.record(z.string(), z.unknown());
const fieldsOf = (value: unknown) => fields.safeParse(value).data ?? {};
const text = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : JSON.stringify(value));

const VERB: Record<string, string> = { create: "Added", update: "Changed", delete: "Removed", publish: "Published", unpublish: "Unpublished", import: "Imported" };

/** "Added event “Disk full”": the change and the item it was made to, named as the editor names it. */
function headline(e: HistoryEntry): string {
  const verb = VERB[e.action] ?? e.action;
  if (e.entity === "incident") return e.action === "create" ? "Created the incident" : `${verb} the incident`;
  if (e.entity === "affected") return `${verb} the affected list`;
  const translated = translationChangeLine(e);
  if (translated) return translated;
  if (!isCollection(e.entity)) return `${verb} ${e.entity}`;
  const spec = collectionOf(e.entity);
  const item = fieldsOf(e.after ?? e.before);
  const name = typeof item.title === "string" ? item.title : typeof item.label === "string" ? item.label : typeof item.key === "string" ? item.key : null;
  return `${verb} ${spec.names.one}${name ? ` “${name}”` : ""}`;
}

/** A field as its form labels it; a stored column no form shows (a duration's event ids) by its name. */
function labelOf(entity: string, field: string): string {
  const labels = entity === "incident" ? new Map<string, string>(Object.entries(INCIDENT_LABELS)) : isCollection(entity) ? new Map(collectionOf(entity).fields.map((f) => [f.name, f.label])) : new Map<string, string>();
  return fieldName(labels.get(field) ?? field);
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
