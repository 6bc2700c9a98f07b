import "server-only";
import { type SQL, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type AffectedShape, PLAIN_SHAPE, storedShape } from "@/domain/record/affected-shape";
import { affectedBucket, affectedClassCount, affectedDay, affectedList, affectedMeasure, affectedRoleCount, incident } from "../schema";
import { MEASURE_COLUMNS } from "../schema/affected-response";
import type { Store, Tx } from "../store/store";
import { writeTransaction } from "../transaction";

// The counts of an affected list, computed in SQL from its rows: totals by role, per UTC day and
// role, per bucket of each measure and per data class. Pages and exports read these, never the rows.
// They are read outside the write lock (a list being built changes only by its own import) and written in a few rows.

/** About this many buckets: the width is the smallest 1, 2 or 5 × 10^k that keeps them at most 12. */
const MAX_BUCKETS = 12;

const TOTALS = (list: number) => sql`SELECT count(*) AS "total", min(occurred_at) AS "firstAt", max(occurred_at) AS "lastAt" FROM affected_response WHERE list_id = ${list}`;
const ROLES = (list: number) => sql`SELECT role AS "role", count(*) AS "count" FROM affected_response WHERE list_id = ${list} GROUP BY role ORDER BY role`;
const DAYS = (list: number) =>
  sql`SELECT substr(occurred_at, 1, 10) AS "day", role AS "role", count(*) AS "count" FROM affected_response WHERE list_id = ${list} AND occurred_at IS NOT NULL GROUP BY 1, 2`;
// The column is one of MEASURE_COLUMNS, never input. A number parameter may arrive as a REAL; the cast keeps the division an integer one.
const rangeSql = (m: SQL, list: number) => sql`SELECT min(${m}) AS "lo", max(${m}) AS "hi" FROM affected_response WHERE list_id = ${list} AND ${m} IS NOT NULL`;
const bucketsSql = (m: SQL, list: number, width: number) =>
  sql`SELECT ${m} / CAST(${width} AS INTEGER) * CAST(${width} AS INTEGER) AS "from", count(*) AS "count" FROM affected_response WHERE list_id = ${list} AND ${m} IS NOT NULL GROUP BY 1 ORDER BY 1`;
const classesSql = (n: number, list: number) =>
  sql`SELECT ${sql.raw(Array.from({ length: n }, (_, i) => `coalesce(sum((classes >> ${i}) & 1), 0) AS "c${i}"`).join(", "))} FROM affected_response WHERE list_id = ${list}`;

const int = z.number().int();
const totalsRow = z.strictObject({ total: int, firstAt: z.string().nullable(), lastAt: z.string().nullable() });
const roleRow = z.strictObject({ role: z.string(), count: int });
const dayRow = z.strictObject({ day: z.string(), role: z.string(), count: int });
const rangeRow = z.strictObject({ lo: int.nullable(), hi: int.nullable() });
const bucketRow = z.strictObject({ from: int, count: int });
const classesRow = z.record(z.string(), int);

export type ListCounts = {
  totals: z.infer<typeof totalsRow>;
  roles: Array<z.infer<typeof roleRow>>;
  days: Array<z.infer<typeof dayRow>>;
  measures: Array<{ measure: string; width: number; buckets: Array<z.infer<typeof bucketRow>> }>;
  classes: Array<{ dataClass: string; count: number }>;
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

/** Every role of the shape, none recorded as 0 (a published count of none, not a role left out), then any other the rows hold. */
const withEveryRole = (shape: AffectedShape, counted: ListCounts["roles"]): ListCounts["roles"] => [
  ...shape.roles.map((r) => ({ role: r.key, count: counted.find((c) => c.role === r.key)?.count ?? 0 })),
  ...counted.filter((c) => !shape.roles.some((r) => r.key === c.role)),
];

/** Reads the counts of a list of this shape from its rows (a read's snapshot, or a write's own). */
export async function readCounts(tx: Tx, listId: number, shape: AffectedShape): Promise<ListCounts> {
  const measures: ListCounts["measures"] = [];
  for (const [i, m] of shape.measures.slice(0, MEASURE_COLUMNS.length).entries()) {
    const column = sql.raw(MEASURE_COLUMNS[i] ?? "m1");
    const range = await tx.row(rangeRow, rangeSql(column, listId));
    if (!range || range.lo === null || range.hi === null) continue;
    const width = m.bucket ?? bucketWidth(range.lo, range.hi);
    measures.push({ measure: m.key, width, buckets: await tx.rows(bucketRow, bucketsSql(column, listId, width)) });
  }
  const n = shape.dataClasses.length;
  const perClass = n === 0 ? {} : ((await tx.row(classesRow, classesSql(n, listId))) ?? {});
  const totals = await tx.row(totalsRow, TOTALS(listId));
  if (!totals) throw new Error("a count of rows gave no row");
  return {
    totals,
    roles: withEveryRole(shape, await tx.rows(roleRow, ROLES(listId))),
    days: await tx.rows(dayRow, DAYS(listId)),
    measures,
    classes: shape.dataClasses.map((d, i) => ({ dataClass: d.key, count: perClass[`c${i}`] ?? 0 })),
  };
}

/** Many rows in one insert each, a few hundred at a time (under either engine's limit on a statement's values). */
async function insertAll<T>(rows: readonly T[], insert: (some: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** Stores a list's counts; call inside the transaction that makes it live. */
export async function writeCounts(tx: Tx, listId: number, counts: ListCounts): Promise<void> {
  const { totals } = counts;
  await tx.update(affectedList).set({ total: totals.total, firstAt: totals.firstAt, lastAt: totals.lastAt }).where(eq(affectedList.id, listId)).run();
  for (const table of [affectedRoleCount, affectedDay, affectedMeasure, affectedBucket, affectedClassCount]) await tx.delete(table).where(eq(table.listId, listId)).run();
  await insertAll(counts.roles, (some) => tx.insert(affectedRoleCount).values(some.map((r) => ({ listId, role: r.role, count: r.count }))).run());
  await insertAll(counts.days, (some) => tx.insert(affectedDay).values(some.map((d) => ({ listId, day: d.day, role: d.role, count: d.count }))).run());
  await insertAll(counts.measures, (some) => tx.insert(affectedMeasure).values(some.map((m) => ({ listId, measure: m.measure, width: m.width }))).run());
  const buckets = counts.measures.flatMap((m) => m.buckets.map((b) => ({ listId, measure: m.measure, from: b.from, count: b.count })));
  await insertAll(buckets, (some) => tx.insert(affectedBucket).values(some).run());
  await insertAll(counts.classes, (some) => tx.insert(affectedClassCount).values(some.map((c) => ({ listId, dataClass: c.dataClass, count: c.count }))).run());
}

const uncounted = z.strictObject({ id: int, shape: z.string().nullable() });

/** Lists whose rows are here but were never counted: those a migration made from older data. */
export function countUncountedLists(store: Store): Promise<number> {
  return writeTransaction(store, async (tx) => {
    const lists = await tx.rows(
      uncounted,
      sql`SELECT l.id AS "id", i.affected_shape AS "shape" FROM ${affectedList} l JOIN ${incident} i ON i.id = l.incident_id WHERE l.rows = 1 AND l.total = 0`,
    );
    for (const l of lists) await writeCounts(tx, l.id, await readCounts(tx, l.id, storedShape(l.shape) ?? PLAIN_SHAPE));
    return lists.length;
  });
}
