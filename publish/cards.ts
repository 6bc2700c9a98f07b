import "server-only";
import type { IncidentRecord } from "@/domain/record/record";
import { cardView, type CardView, latestUpdate, newestFirst } from "@/view/card";
import type { Db } from "@/db/client";
import { type StoredIncident, listIncidents, readIncident } from "@/db/read/incident";

/** The published incidents as stored (only `slugs`, when given), newest first: what lists of incidents read. */
function readPublished(db: Db, slugs?: ReadonlySet<string>): StoredIncident[] {
  const stored = listIncidents(db).flatMap((i) => {
    if (slugs && !slugs.has(i.slug)) return [];
    const one = readIncident(db, i.slug);
    return one ? [one] : [];
  });
  return newestFirst(stored.map((s) => ({ s, slug: s.record.incident.slug, latest: latestUpdate(s.record) }))).map((x) => x.s);
}

/** Every published incident as a card, newest first; only those of `slugs` when given. */
export function readCards(db: Db, slugs?: ReadonlySet<string>): CardView[] {
  return readPublished(db, slugs).map(cardView);
}

/** Every published incident's record, newest first, as the comparison of durations reads them. */
export function readComparedRecords(db: Db): IncidentRecord[] {
  return readPublished(db).map((s) => s.record);
}
