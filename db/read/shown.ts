import "server-only";
import type Database from "better-sqlite3";
import type { Locale } from "@/i18n/locales";
import type { Db } from "../client";
import { type StoredIncident, readIncident } from "./incident";

/**
 * The records a list shows, each read once per version: an incident's id, version and last write
 * name one state of it (ids are never reused, and every write bumps the version), so a list
 * re-rendered after a change to one incident reads that one again, not every incident it shows.
 * In `locale` where translated (a list in Russian), kept apart from the others; null: the record's own texts (Statuspage's JSON).
 */
const MAX_KEPT = 256;
const kept = new WeakMap<Database.Database, Map<string, StoredIncident>>();
const keyOf = (r: { id: number; version: number; updatedAt: string }, locale: Locale | null) => `${r.id}:${r.version}:${r.updatedAt}:${locale ?? ""}`;

export function readShown(db: Db, rows: ReadonlyArray<{ id: number; slug: string; version: number; updatedAt: string }>, locale: Locale | null): StoredIncident[] {
  let memo = kept.get(db.$client);
  if (!memo) kept.set(db.$client, (memo = new Map()));
  return rows.flatMap((row) => {
    const hit = memo.get(keyOf(row, locale));
    if (hit) {
      memo.delete(keyOf(row, locale));
      memo.set(keyOf(row, locale), hit);
      return [hit];
    }
    // Read in its own transaction: it may be newer than the list's row, and is kept under its own key.
    const stored = readIncident(db, row.slug, { locale: locale ?? undefined });
    if (!stored) return [];
    memo.set(keyOf(stored, locale), stored);
    for (const old of memo.keys()) {
      if (memo.size <= MAX_KEPT) break;
      memo.delete(old);
    }
    return [stored];
  });
}
