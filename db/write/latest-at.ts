import "server-only";
import { eq, isNull } from "drizzle-orm";
import { latestUpdate } from "@/domain/record/latest";
import { event } from "@/domain/record/collections/events";
import { source } from "@/domain/record/collections/sources";
import type { Db, Tx } from "../client";
import { incident } from "../schema";

/** The incident's place in every list (incident.latest_at), from its events and sources as this transaction sees them. */
export function latestAtOf(tx: Tx, incidentId: number): string {
  const events = tx.select({ at: event.at, precision: event.precision }).from(event).where(eq(event.incidentId, incidentId)).all();
  const sources = tx.select({ publishedOn: source.publishedOn }).from(source).where(eq(source.incidentId, incidentId)).all();
  return latestUpdate({ events, sources });
}

/** Sets it after a write: every verb that adds an incident or changes one calls this in its own transaction. */
export function keepLatestAt(tx: Tx, incidentId: number): void {
  tx.update(incident).set({ latestAt: latestAtOf(tx, incidentId) }).where(eq(incident.id, incidentId)).run();
}

/** Fills it for incidents stored before the column existed (migration 0012); a no-op once every incident has it. */
export function fillLatestAt(db: Db): number {
  return db.transaction((tx) => {
    const missing = tx.select({ id: incident.id }).from(incident).where(isNull(incident.latestAt)).all();
    for (const { id } of missing) keepLatestAt(tx, id);
    return missing.length;
  });
}
