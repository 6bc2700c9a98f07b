import "server-only";
import { eq } from "drizzle-orm";
import type { EditorItem } from "@/domain/record/collection";
import { perCollection } from "@/domain/record/collections";
import { DomainError } from "@/domain/errors";
import { auditTrail } from "../audit";
import { getStore } from "../app-store";
import type { Store } from "../store/store";
import { incident } from "../schema";
import { listIncidents, readIncident } from "./incident";

/** What editors and tokens read: drafts included, with the version an edit must carry. */
export function listAllIncidents(store: Store = getStore()) {
  return listIncidents(store.q, { drafts: true });
}

/** An incident for editing: drafts too, each item with the id the editor and the API address it by. */
export async function readForEditing(slug: string, store: Store = getStore()) {
  const stored = await readIncident(store, slug, { drafts: true });
  if (!stored) throw new DomainError("not-found", `There is no incident "${slug}".`);
  const { record, ids } = stored;
  const withIds = (items: readonly Record<string, unknown>[], rowIds: readonly number[]): EditorItem[] => items.map((item, i) => ({ id: rowIds[i] ?? 0, ...item }));
  const items = perCollection((c) => withIds(record[c], ids[c]));
  return { slug, id: stored.id, published: stored.published, version: stored.version, updatedAt: stored.updatedAt, incident: record.incident, record, items, affected: stored.affected };
}

export async function historyOf(slug: string, store: Store = getStore()) {
  const trail = await store.read(async (tx) => {
    // The id is all it needs of the incident: not the whole record.
    const found = await tx.select({ id: incident.id }).from(incident).where(eq(incident.slug, slug)).get();
    return found ? auditTrail(tx, found.id) : null;
  });
  if (!trail) throw new DomainError("not-found", `There is no incident "${slug}".`);
  return trail.map((e) => ({
    ...e,
    before: e.before === null ? null : (JSON.parse(e.before) as unknown),
    after: e.after === null ? null : (JSON.parse(e.after) as unknown),
  }));
}
