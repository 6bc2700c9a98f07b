import "server-only";
import type { Locale } from "@/i18n/locales";
import { databaseName } from "../dialect";
import type { Tx } from "../store/store";
import { type StoredIncident, readIncidentIn } from "./incident";

/**
 * The records a list shows, each read once per version: an incident's id, version and last write
 * name one state of it (ids are never reused, and every write bumps the version), so a list
 * re-rendered after a change to one incident reads that one again, not every incident it shows.
 * In `locale` where translated (a list in Russian), kept apart from the others; null: the record's own texts (Statuspage's JSON).
 */
const MAX_KEPT = 256;
const kept = new Map<string, Map<string, StoredIncident>>();
const keyOf = (r: { id: number; version: number; updatedAt: string }, locale: Locale | null) => `${r.id}:${r.version}:${r.updatedAt}:${locale ?? ""}`;

export async function readShown(tx: Tx, rows: ReadonlyArray<{ id: number; slug: string; version: number; updatedAt: string }>, locale: Locale | null): Promise<StoredIncident[]> {
  // Each database's records apart (a test's two engines, a command beside the server).
  const database = databaseName(tx);
  let memo = kept.get(database);
  if (!memo) kept.set(database, (memo = new Map()));
  const shown: StoredIncident[] = [];
  for (const row of rows) {
    const hit = memo.get(keyOf(row, locale));
    if (hit) {
      memo.delete(keyOf(row, locale));
      memo.set(keyOf(row, locale), hit);
      shown.push(hit);
      continue;
    }
    // It may be newer than the list's row (read in another transaction), and is kept under its own key.
    const stored = await readIncidentIn(tx, row.slug, { locale: locale ?? undefined });
    if (!stored) continue;
    memo.set(keyOf(stored, locale), stored);
    for (const old of memo.keys()) {
      if (memo.size <= MAX_KEPT) break;
      memo.delete(old);
    }
    shown.push(stored);
  }
  return shown;
}
