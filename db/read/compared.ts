import "server-only";
import { sql } from "drizzle-orm";
import type { Locale } from "@/i18n/locales";
import type { Store, Tx } from "../store/store";
import type { StoredIncident } from "./incident";
import { LISTED_COLUMNS as COLUMNS, type ListedRow, NEWEST_FIRST as ORDER, listedRow } from "./listing";
import { readShown } from "./shown";

/** Incidents /compare draws per measure when the reader has chosen none, and the most a reader may choose. */
export const NEWEST_PER_MEASURE = 3;
export const MAX_CHOSEN = 10;

export type Compared = {
  /** The incidents shown, newest first, as stored. */
  stored: StoredIncident[];
  /** Per measure's role, the slugs its chart draws; null when the reader chose: every chart draws every chosen incident. */
  charted: Record<string, string[]> | null;
  /** Chosen slugs no published incident has. */
  unknown: string[];
};

/** The rows of what /compare shows (see readCompared), without their records: what its kept page depends on. */
export async function comparedRows(tx: Tx, roles: readonly string[], chosen: readonly string[] | null): Promise<{ rows: ListedRow[]; charted: Record<string, string[]> | null; unknown: string[] }> {
  if (chosen) {
    // At most MAX_CHOSEN slugs, each a value of its own.
    const found = chosen.length ? await tx.rows(listedRow, sql`SELECT ${COLUMNS} FROM incident i WHERE i.published = 1 AND i.slug IN (${sql.join(chosen.map((s) => sql`${s}`), sql`, `)}) ORDER BY ${ORDER}`) : [];
    return { rows: found, charted: null, unknown: chosen.filter((s) => !found.some((f) => f.slug === s)) };
  }
  const charted: Record<string, string[]> = {};
  const rows = new Map<string, ListedRow>();
  for (const role of roles) {
    const found = await tx.rows(
      listedRow,
      sql`SELECT ${COLUMNS} FROM incident i WHERE i.published = 1 AND EXISTS (SELECT 1 FROM duration_claim d WHERE d.incident_id = i.id AND d.role = ${role}) ORDER BY ${ORDER} LIMIT ${NEWEST_PER_MEASURE}`,
    );
    charted[role] = found.map((r) => r.slug);
    for (const r of found) rows.set(r.slug, r);
  }
  const ordered = [...rows.values()].sort((a, b) => b.latestAt.localeCompare(a.latestAt) || a.slug.localeCompare(b.slug));
  return { rows: ordered, charted, unknown: [] };
}

/**
 * What /compare shows: the incidents the reader chose, or for each measure the newest few that
 * record it, in one snapshot. Its cost is the incidents shown, read once per version (shown.ts), never the archive.
 */
export function readCompared(store: Store, roles: readonly string[], chosen: readonly string[] | null, locale: Locale): Promise<Compared> {
  return store.read(async (tx) => {
    const { rows, charted, unknown } = await comparedRows(tx, roles, chosen);
    return { stored: await readShown(tx, rows, locale), charted, unknown };
  });
}
