import "server-only";
import type { IncidentRecord } from "@/domain/record/record";
import { cardView, type CardView, latestUpdate, newestFirst } from "@/view/card";
import type { Db } from "@/db/client";
import { listIncidents, readIncident } from "@/db/read/incident";

/** Every published incident as a card, newest first. */
export function readCards(db: Db): CardView[] {
  return newestFirst(listIncidents(db).flatMap((i) => {
    const stored = readIncident(db, i.slug);
    return stored ? [cardView(stored)] : [];
  }));
}

/** Every published incident's record, newest first, as the comparison of durations reads them. */
export function readComparedRecords(db: Db): IncidentRecord[] {
  const records = listIncidents(db).flatMap((i) => {
    const stored = readIncident(db, i.slug);
    return stored ? [stored.record] : [];
  });
  return newestFirst(records.map((record) => ({ record, slug: record.incident.slug, latest: latestUpdate(record) }))).map((r) => r.record);
}
