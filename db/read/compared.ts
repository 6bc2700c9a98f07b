import "server-only";
import { z } from "zod";
import type { Locale } from "@/i18n/locales";
import type { Db } from "../client";
import type { StoredIncident } from "./incident";
import { LISTED_COLUMNS as COLUMNS, type ListedRow, listedRow } from "./listing";
import { readShown } from "./shown";

/** Incidents /compare draws per measure when the reader has chosen none, and the most a reader may choose. */
export const NEWEST_PER_MEASURE = 3;
export const MAX_CHOSEN = 10;

const ORDER = "ORDER BY i.latest_at DESC, i.slug ASC";

export type Compared = {
  /** The incidents shown, newest first, as stored. */
  stored: StoredIncident[];
  /** Per measure's role, the slugs its chart draws; null when the reader chose: every chart draws every chosen incident. */
  charted: Record<string, string[]> | null;
  /** Chosen slugs no published incident has. */
  unknown: string[];
};

/** The rows of what /compare shows (see readCompared), without their records: what its kept page depends on. */
export function comparedRows(db: Db, roles: readonly string[], chosen: readonly string[] | null): { rows: ListedRow[]; charted: Record<string, string[]> | null; unknown: string[] } {
  if (chosen) {
    const found = z.array(listedRow).parse(db.$client.prepare(`SELECT ${COLUMNS} FROM incident i WHERE i.published = 1 AND i.slug IN (SELECT value FROM json_each(?)) ${ORDER}`).all(JSON.stringify(chosen)));
    return { rows: found, charted: null, unknown: chosen.filter((s) => !found.some((f) => f.slug === s)) };
  }
  const newest = db.$client.prepare(
    `SELECT ${COLUMNS} FROM incident i WHERE i.published = 1 AND EXISTS (SELECT 1 FROM duration_claim d WHERE d.incident_id = i.id AND d.role = ?) ${ORDER} LIMIT ${NEWEST_PER_MEASURE}`,
  );
  const charted: Record<string, string[]> = {};
  const rows = new Map<string, ListedRow>();
  for (const role of roles) {
    const found = z.array(listedRow).parse(newest.all(role));
    charted[role] = found.map((r) => r.slug);
    for (const r of found) rows.set(r.slug, r);
  }
  const ordered = [...rows.values()].sort((a, b) => b.latestAt.localeCompare(a.latestAt) || a.slug.localeCompare(b.slug));
  return { rows: ordered, charted, unknown: [] };
}

/**
 * What /compare shows: the incidents the reader chose, or for each measure the newest few that
 * record it. Its cost is the incidents shown, read once per version (shown.ts), never the archive.
 */
export function readCompared(db: Db, roles: readonly string[], chosen: readonly string[] | null, locale: Locale): Compared {
  const { rows, charted, unknown } = comparedRows(db, roles, chosen);
  return { stored: readShown(db, rows, locale), charted, unknown };
}
