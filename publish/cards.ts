import "server-only";
import { cardView, type CardView, newestFirst } from "@/view/card";
import type { Db } from "@/db/client";
import { listIncidents, readIncident } from "@/db/read/incident";

/** Every published incident as a card, newest first. */
export function readCards(db: Db): CardView[] {
  return newestFirst(listIncidents(db).flatMap((i) => {
    const stored = readIncident(db, i.slug);
    return stored ? [cardView(stored)] : [];
  }));
}
