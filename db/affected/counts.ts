import "server-only";
import { z } from "zod";
import { AFFECTED_ROLES } from "@/domain/record/constants";
import type { Db } from "../client";

// The counts of an affected list, computed in SQL from its rows: totals by role, per UTC day and
// role, and per prompt-length bucket. Pages and exports read these, never the rows. They are read
// outside the write lock (a list being built changes only by its own import) and written in a few rows.

/** About this many buckets: the width is the smallest 1, 2 or 5 × 10^k that keeps them at most 12. */
const MAX_BUCKETS = 12;

const TOTALS = `SELECT count(*) AS total, coalesce(sum(role = 'recipient'), 0) AS recipient, coalesce(sum(role = 'exposed'), 0) AS exposed,
    min(occurred_at) AS firstAt, max(occurred_at) AS lastAt, min(prompt_tokens) AS lo, max(prompt_tokens) AS hi
  FROM affected_response WHERE list_id = ?`;
const DAYS = `SELECT substr(occurred_at, 1, 10) AS day, role, count(*) AS count FROM affected_response WHERE list_id = ? GROUP BY 1, 2`;
// A number parameter arrives as a REAL; the cast keeps the division an integer one.
const BUCKETS = `SELECT prompt_tokens / CAST(:width AS INTEGER) * CAST(:width AS INTEGER) AS fromTokens, count(*) AS count FROM affected_response WHERE list_id = :list GROUP BY 1`;

const totalsRow = z.strictObject({
  total: z.number().int(),
  recipient: z.number().int(),
  exposed: z.number().int(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
  lo: z.number().int().nullable(),
  hi: z.number().int().nullable(),
});
const dayRow = z.strictObject({ day: z.string(), role: z.enum(AFFECTED_ROLES), count: z.number().int() });
const bucketRow = z.strictObject({ fromTokens: z.number().int(), count: z.number().int() });

export type ListCounts = {
  totals: Omit<z.infer<typeof totalsRow>, "lo" | "hi">;
  bucket: number | null;
  days: Array<z.infer<typeof dayRow>>;
  buckets: Array<z.infer<typeof bucketRow>>;
};

/** The smallest 1, 2 or 5 × 10^k wide enough that lo..hi falls in at most MAX_BUCKETS buckets. */
export function bucketWidth(lo: number, hi: number): number {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 5]) {
      const w = step * scale;
      if (Math.floor(hi / w) - Math.floor(lo / w) < MAX_BUCKETS) return w;
    }
  }
}

/** Reads the counts of a list from its rows; takes no write lock. */
export function readCounts(db: Db, listId: number): ListCounts {
  const client = db.$client;
  const { lo, hi, ...totals } = totalsRow.parse(client.prepare(TOTALS).get(listId));
  const bucket = lo === null || hi === null ? null : bucketWidth(lo, hi);
  return {
    totals,
    bucket,
    days: z.array(dayRow).parse(client.prepare(DAYS).all(listId)),
    buckets: bucket === null ? [] : z.array(bucketRow).parse(client.prepare(BUCKETS).all({ width: bucket, list: listId })),
  };
}

/** Stores a list's counts; call inside the transaction that makes it live. */
export function writeCounts(db: Db, listId: number, counts: ListCounts): void {
  const client = db.$client;
  const { totals, bucket } = counts;
  client
    .prepare("UPDATE affected_list SET total = ?, recipient = ?, exposed = ?, first_at = ?, last_at = ?, bucket = ? WHERE id = ?")
    .run(totals.total, totals.recipient, totals.exposed, totals.firstAt, totals.lastAt, bucket, listId);
  client.prepare("DELETE FROM affected_day WHERE list_id = ?").run(listId);
  client.prepare("DELETE FROM affected_bucket WHERE list_id = ?").run(listId);
  const day = client.prepare("INSERT INTO affected_day (list_id, day, role, count) VALUES (?, ?, ?, ?)");
  for (const d of counts.days) day.run(listId, d.day, d.role, d.count);
  const bucketInsert = client.prepare("INSERT INTO affected_bucket (list_id, from_tokens, count) VALUES (?, ?, ?)");
  for (const b of counts.buckets) bucketInsert.run(listId, b.fromTokens, b.count);
}

/** Lists whose rows are here but were never counted: those a migration made from older data. */
export function countUncountedLists(db: Db): number {
  const ids = z.array(z.number().int()).parse(db.$client.prepare("SELECT id FROM affected_list WHERE rows = 1 AND total = 0").pluck().all());
  db.transaction(() => ids.forEach((id) => writeCounts(db, id, readCounts(db, id))));
  return ids.length;
}
