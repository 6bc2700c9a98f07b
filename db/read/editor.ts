import "server-only";
import { eq } from "drizzle-orm";
import type { EditorItem } from "@/domain/record/collection";
import { perCollection } from "@/domain/record/collections";
import { DomainError } from "@/domain/errors";
import { auditTrail } from "../audit";
import { type Db, getDb } from "../client";
import { incident } from "../schema";
import { listIncidents, readIncident } from "./incident";

/** What editors and tokens read: drafts included, with the version an edit must carry. */
export function listAllIncidents(db: Db = getDb()) {
  return listIncidents(db, { drafts: true });
}

/** An incident for editing: drafts too, each item with the id the editor and the API address it by. */
export function readForEditing(slug: string, db: Db = getDb()) {
  const stored = readIncident(db, slug, { drafts: true });
  if (!stored) throw new DomainError("not-found", `There is no incident "${slug}".`);
  const { record, ids } = stored;
  const withIds = (items: readonly Record<string, unknown>[], rowIds: readonly number[]): EditorItem[] => items.map((item, i) => ({ id: rowIds[i] ?? 0, ...item }));
  const items = perCollection((c) => withIds(record[c], ids[c]));
  return { slug, id: stored.id, published: stored.published, version: stored.version, updatedAt: stored.updatedAt, incident: record.incident, record, items, affected: stored.affected };
}

export function historyOf(slug: string, db: Db = getDb()) {
  // The id is all it needs of the incident: not the whole record.
  const found = db.select({ id: incident.id }).from(incident).where(eq(incident.slug, slug)).get();
  if (!found) throw new DomainError("not-found", `There is no incident "${slug}".`);
  return auditTrail(db, found.id).map((e) => ({
    ...e,
    before: e.before === null ? null : (JSON.parse(e.before) as unknown),
    after: e.after === null ? null : (JSON.parse(e.after) as unknown),
  }));
}
