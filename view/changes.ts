import { z } from "zod";
import type { AuditAction } from "@/domain/audit";
import { collectionOf, isCollection, itemLabel } from "@/domain/record/collections";
import { INCIDENT_LABELS, fieldName } from "@/domain/record/incident";
import { translationChangeLine } from "./translation-changes";

/** An audit entry as readers may learn of it: when, what kind, and the incident's fields before and after (never who). */
export type PublicEntry = { at: string; action: AuditAction; entity: string; before: string | null; after: string | null };

/** The enumerations say their new value, as the page does; the other fields are named as the form labels them. */
const SAID: Record<string, (value: unknown) => string> = {
  status: (v) => `Status: ${String(v)}`,
  severity: (v) => (v === null ? "Severity: unrated" : `Severity: ${String(v)}`),
  isAttack: (v) => (v === null ? "Attack: not established" : v ? "Attack: yes" : "Attack: no"),
};

const fields = z.record(z.string(), z.unknown());
const parsed = (json: string | null) => fields.safeParse(json === null ? null : JSON.parse(json)).data ?? {};

/** "Status: resolved; Title changed": the fields an edit of the incident changed, in readers' words. */
function incidentChange(entry: PublicEntry): string {
  const before = parsed(entry.before);
  const after = parsed(entry.after);
  const changed = Object.keys(after).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
  const said = changed.flatMap((name) => {
    const enumerated = SAID[name];
    if (enumerated) return [enumerated(after[name])];
    const label = new Map<string, string>(Object.entries(INCIDENT_LABELS)).get(name);
    return label ? [`${fieldName(label)} changed`] : [];
  });
  return said.length ? said.join("; ") : "Incident details changed";
}

const INCIDENT: Partial<Record<AuditAction, string>> = { create: "Record created", publish: "Published", unpublish: "Unpublished", import: "Record imported" };
const DONE: Record<AuditAction, string> = { create: "added", update: "changed", delete: "removed", publish: "published", unpublish: "unpublished", import: "imported" };

function itemsChange(entity: string, action: AuditAction, count: number): string {
  if (!isCollection(entity)) return `${entity === "affected" ? "Affected list" : entity} ${DONE[action]}`;
  if (count === 1) return `${itemLabel(entity)} ${DONE[action]}`;
  return `${count} ${collectionOf(entity).names.many.toLowerCase()} ${DONE[action]}`;
}

/**
 * What readers see of the history, oldest first: when, and what changed in their words ("Status:
 * resolved", "2 events added"); edits of one kind in a row are one line, at the last one's time.
 */
export function publicChangeLines(entries: readonly PublicEntry[]): Array<{ at: string; summary: string }> {
  const lines: Array<{ at: string; summary: string; run?: { entity: string; action: AuditAction; count: number } }> = [];
  for (const e of entries) {
    const translated = translationChangeLine(e);
    if (translated) {
      lines.push({ at: e.at, summary: translated });
      continue;
    }
    if (e.entity === "incident") {
      lines.push({ at: e.at, summary: e.action === "update" ? incidentChange(e) : (INCIDENT[e.action] ?? `Incident ${DONE[e.action]}`) });
      continue;
    }
    const last = lines.at(-1);
    if (last?.run && last.run.entity === e.entity && last.run.action === e.action) {
      last.run.count += 1;
      last.at = e.at;
      last.summary = itemsChange(e.entity, e.action, last.run.count);
    } else {
      lines.push({ at: e.at, summary: itemsChange(e.entity, e.action, 1), run: { entity: e.entity, action: e.action, count: 1 } });
    }
  }
  return lines.map(({ at, summary }) => ({ at, summary }));
}
