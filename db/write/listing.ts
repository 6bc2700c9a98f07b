import "server-only";
import { eq, isNull } from "drizzle-orm";
import { PHASES_BEFORE_IT } from "@/domain/record/constants";
import { latestUpdate } from "@/domain/record/latest";
import { event } from "@/domain/record/collections/events";
import { source } from "@/domain/record/collections/sources";
import { incidentUpdate } from "@/domain/record/collections/updates";
import type { Store, Tx } from "../store/store";
import { incident } from "../schema";
import { writeTransaction } from "../transaction";

const BEFORE_IT = new Set<string>(PHASES_BEFORE_IT);

/**
 * An incident's place in every list, from its events, updates and sources as this transaction sees them:
 * `latestAt`, the order lists page in (domain/record/latest.ts), and `year`, the year of its
 * earliest event of the incident itself (null when it has none), the front page's filter.
 */
export async function listingOf(tx: Tx, incidentId: number): Promise<{ latestAt: string; year: string | null }> {
  const events = await tx.select({ at: event.at, precision: event.precision, phase: event.phase }).from(event).where(eq(event.incidentId, incidentId)).all();
  const sources = await tx.select({ publishedOn: source.publishedOn }).from(source).where(eq(source.incidentId, incidentId)).all();
  const updates = await tx.select({ at: incidentUpdate.at }).from(incidentUpdate).where(eq(incidentUpdate.incidentId, incidentId)).all();
  const own = [...events.flatMap((e) => (e.at !== null && !BEFORE_IT.has(e.phase) ? [e.at] : [])), ...updates.map((u) => u.at)].sort();
  return { latestAt: latestUpdate({ events, updates, sources }), year: own[0]?.slice(0, 4) ?? null };
}

/** Sets them after a write: every verb that adds an incident or changes one does, in its own transaction. */
export async function keepListing(tx: Tx, incidentId: number): Promise<void> {
  await tx.update(incident).set(await listingOf(tx, incidentId)).where(eq(incident.id, incidentId)).run();
}

/** Fills them for incidents stored before the columns existed (migrations 0012, 0014); a no-op once every incident has them. */
export function fillListing(store: Store): Promise<number> {
  return writeTransaction(store, async (tx) => {
    const missing = await tx.select({ id: incident.id }).from(incident).where(isNull(incident.latestAt)).all();
    for (const { id } of missing) await keepListing(tx, id);
    return missing.length;
  });
}
