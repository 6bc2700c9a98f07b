import "server-only";
import { z } from "zod";
import { type AffectedShape, PLAIN_SHAPE, storedShape } from "@/domain/record/affected-shape";
import type { Db } from "../client";
import { MEASURE_COLUMNS } from "../schema/affected-response";

// The counts of an affected list, computed in SQL from its rows: totals by role, per UTC day and
// role, per bucket of each measure and per data class. Pages and exports read these, never the rows.
// They are read outside the write lock (a list being built changes only by its own import) and written in a few rows.

/** About this many buckets: the width is the smallest 1, 2 or 5 × 10^k that keeps them at most 12. */
const MAX_BUCKETS = 12;

const TOTALS = "SELECT count(*) AS total, min(occurred_at) AS firstAt, max(occurred_at) AS lastAt FROM affected_response WHERE list_id = ?";
const ROLES = "SELECT role, count(*) AS count FROM affected_response WHERE list_id = ? GROUP BY role ORDER BY role";
const DAYS = "SELECT substr(occurred_at, 1, 10) AS day, role, count(*) AS count FROM affected_response WHERE list_id = ? AND occurred_at IS NOT NULL GROUP BY 1, 2";
// The column is one of MEASURE_COLUMNS, never input. A number parameter arrives as a REAL; the cast keeps the division an integer one.
const rangeSql = (m: string) => `SELECT min(${m}) AS lo, max(${m}) AS hi FROM affected_response WHERE list_id = ? AND ${m} IS NOT NULL`;
const bucketsSql = (m: string) =>
  `SELECT ${m} / CAST(:width AS INTEGER) * CAST(:width AS INTEGER) AS "from", count(*) AS count FROM affected_response WHERE list_id = :list AND ${m} IS NOT NULL GROUP BY 1 ORDER BY 1`;
const classesSql = (n: number) =>
  `SELECT ${Array.from({ length: n }, (_, i) => `coalesce(sum((classes >> ${i}) & 1), 0)`).join(", ")} FROM affected_response WHERE list_id = ?`;

const int = z.number().int();
const totalsRow = z.strictObject({ total: int, firstAt: z.string().nullable(), lastAt: z.string().nullable() });
const roleRow = z.strictObject({ role: z.string(), count: int });
const dayRow = z.strictObject({ day: z.string(), role: z.string(), count: int });
const rangeRow = z.strictObject({ lo: int.nullable(), hi: int.nullable() });
const bucketRow = z.strictObject({ from: int, count: int });

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

/** Reads the counts of a list of this shape from its rows; takes no write lock. */
export function readCounts(db: Db, listId: number, shape: AffectedShape): ListCounts {
  const client = db.$client;
  const measures = shape.measures.slice(0, MEASURE_COLUMNS.length).flatMap((m, i) => {
    const column = MEASURE_COLUMNS[i] ?? "m1";
    const { lo, hi } = rangeRow.parse(client.prepare(rangeSql(column)).get(listId));
    if (lo === null || hi === null) return [];
    const width = m.bucket ?? bucketWidth(lo, hi);
    return [{ measure: m.key, width, buckets: z.array(bucketRow).parse(client.prepare(bucketsSql(column)).all({ width, list: listId })) }];
  });
  const n = shape.dataClasses.length;
  const perClass = n === 0 ? [] : z.array(int).parse(client.prepare(classesSql(n)).raw().get(listId));
  return {
    totals: totalsRow.parse(client.prepare(TOTALS).get(listId)),
    roles: withEveryRole(shape, z.array(roleRow).parse(client.prepare(ROLES).all(listId))),
    days: z.array(dayRow).parse(client.prepare(DAYS).all(listId)),
    measures,
    classes: shape.dataClasses.map((d, i) => ({ dataClass: d.key, count: perClass[i] ?? 0 })),
  };
}

/** Stores a list's counts; call inside the transaction that makes it live. */
export function writeCounts(db: Db, listId: number, counts: ListCounts): void {
  const client = db.$client;
  const { totals } = counts;
  client.prepare("UPDATE affected_list SET total = ?, first_at = ?, last_at = ? WHERE id = ?").run(totals.total, totals.firstAt, totals.lastAt, listId);
  for (const table of ["affected_role_count", "affected_day", "affected_measure", "affected_bucket", "affected_class_count"]) {
    client.prepare(`DELETE FROM ${table} WHERE list_id = ?`).run(listId);
  }
  const role = client.prepare("INSERT INTO affected_role_count (list_id, role, count) VALUES (?, ?, ?)");
  for (const r of counts.roles) role.run(listId, r.role, r.count);
  const day = client.prepare("INSERT INTO affected_day (list_id, day, role, count) VALUES (?, ?, ?, ?)");
  for (const d of counts.days) day.run(listId, d.day, d.role, d.count);
  const measure = client.prepare("INSERT INTO affected_measure (list_id, measure, width) VALUES (?, ?, ?)");
  const bucket = client.prepare("INSERT INTO affected_bucket (list_id, measure, from_value, count) VALUES (?, ?, ?, ?)");
  for (const m of counts.measures) {
    measure.run(listId, m.measure, m.width);
    for (const b of m.buckets) bucket.run(listId, m.measure, b.from, b.count);
  }
  const dataClass = client.prepare("INSERT INTO affected_class_count (list_id, data_class, count) VALUES (?, ?, ?)");
  for (const c of counts.classes) dataClass.run(listId, c.dataClass, c.count);
}

const uncounted = z.array(z.strictObject({ id: int, shape: z.string().nullable() }));

/** Lists whose rows are here but were never counted: those a migration made from older data. */
export function countUncountedLists(db: Db): number {
  const lists = uncounted.parse(
    db.$client.prepare("SELECT l.id AS id, i.affected_shape AS shape FROM affected_list l JOIN incident i ON i.id = l.incident_id WHERE l.rows = 1 AND l.total = 0").all(),
  );
  db.transaction(() => lists.forEach((l) => writeCounts(db, l.id, readCounts(db, l.id, storedShape(l.shape) ?? PLAIN_SHAPE))));
  return lists.length;
}
