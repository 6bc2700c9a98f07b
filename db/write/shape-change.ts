import "server-only";
import { z } from "zod";
import type { AffectedShape } from "@/domain/record/affected-shape";
import { formatCount } from "@/lib/count";
import { readCounts, writeCounts } from "../affected/counts";
import type { Db } from "../client";

/** The live list a shape change meets: its rows (or only its counts) and how many. */
export type LiveOf = { id: number; rows: boolean; total: number };

const int = z.number().int();
const keyCount = z.strictObject({ key: z.string(), count: int, sample: z.string().nullable() });
const SAMPLES = 3;

/**
 * What a new shape would do to the rows a live list holds: the changes no row would survive, each
 * with how many rows and (where they have them) some of their request ids, or, when every row fits,
 * nothing. Words, new roles and new data classes fit every row; a role or data class no row has may go.
 * `db` is the connection of the caller's write transaction (better-sqlite3 has one per connection).
 */
export function shapeProblems(db: Db, live: LiveOf, before: AffectedShape, after: AffectedShape): string[] {
  const all = `all ${formatCount(live.total)} rows`;
  const problems: string[] = [];
  if (JSON.stringify(before.account.form) !== JSON.stringify(after.account.form) || before.account.caseSensitive !== after.account.caseSensitive) {
    problems.push(`${all} keep their account id in the form the list has now`);
  }
  if ((before.requestIds === null) !== (after.requestIds === null)) problems.push(`${all} were stored ${before.requestIds ? "with" : "without"} request ids`);
  if (before.time !== after.time) problems.push(`${all} were stored with ${before.time === "none" ? "no time" : `${before.time === "day" ? "a day" : "an instant"}`} each`);
  if (JSON.stringify(before.measures.map((m) => m.key)) !== JSON.stringify(after.measures.map((m) => m.key))) {
    problems.push(`${all} carry the measures ${before.measures.map((m) => m.key).join(", ") || "(none)"}, in that order`);
  }
  const gone = (keys: string[], kept: string[]) => keys.filter((k) => !kept.includes(k));
  const removedRoles = gone(before.roles.map((r) => r.key), after.roles.map((r) => r.key));
  const removedClasses = gone(before.dataClasses.map((d) => d.key), after.dataClasses.map((d) => d.key));
  for (const used of usedRoles(db, live, removedRoles)) problems.push(`${rowsText(used)} the role "${used.key}", which this shape no longer has`);
  for (const used of usedClasses(db, live, before, removedClasses)) problems.push(`${rowsText(used)} the data class "${used.key}", which this shape no longer has`);
  return problems;
}

const rowsText = (u: z.infer<typeof keyCount>) =>
  `${formatCount(u.count)} ${u.count === 1 ? "row has" : "rows have"}${u.sample ? ` (among them request ${u.sample.split(",").slice(0, SAMPLES).join(", ")})` : ""}`;

function usedRoles(db: Db, live: LiveOf, keys: string[]) {
  if (keys.length === 0) return [];
  const found = live.rows
    ? db.$client
        .prepare(
          `SELECT role AS key, count(*) AS count, group_concat(nullif(request_id, ''), ',') AS sample FROM affected_response
           WHERE list_id = ? AND role IN (SELECT value FROM json_each(?)) GROUP BY role ORDER BY role`,
        )
        .all(live.id, JSON.stringify(keys))
    : db.$client.prepare("SELECT role AS key, count, NULL AS sample FROM affected_role_count WHERE list_id = ? AND count > 0 AND role IN (SELECT value FROM json_each(?))").all(live.id, JSON.stringify(keys));
  return z.array(keyCount).parse(found);
}

function usedClasses(db: Db, live: LiveOf, before: AffectedShape, keys: string[]) {
  return keys.flatMap((key) => {
    const bit = before.dataClasses.findIndex((d) => d.key === key);
    const found = live.rows
      ? db.$client
          .prepare(`SELECT ? AS key, count(*) AS count, group_concat(nullif(request_id, ''), ',') AS sample FROM affected_response WHERE list_id = ? AND (classes >> ?) & 1 = 1`)
          .get(key, live.id, bit)
      : db.$client.prepare("SELECT data_class AS key, count, NULL AS sample FROM affected_class_count WHERE list_id = ? AND data_class = ?").get(live.id, key);
    const used = found === undefined ? null : keyCount.parse(found);
    return used && used.count > 0 ? [used] : [];
  });
}

/**
 * Applies a shape every row fits to all of them, in the caller's transaction: each row's data
 * classes renumbered to the new shape's order (bit i is class i), then the list's counts again.
 */
export function applyShape(db: Db, live: LiveOf, before: AffectedShape, after: AffectedShape): void {
  const moves = before.dataClasses.flatMap((d, from) => {
    const to = after.dataClasses.findIndex((n) => n.key === d.key);
    return to < 0 ? [] : [{ from, to }];
  });
  if (live.rows) {
    if (moves.some((m) => m.from !== m.to) || moves.length !== before.dataClasses.length) {
      // Only whole numbers of at most 32 bits reach this SQL: the shape's own class positions.
      const remap = moves.map((m) => `(((classes >> ${m.from}) & 1) << ${m.to})`).join(" | ") || "0";
      db.$client.prepare(`UPDATE affected_response SET classes = ${remap} WHERE list_id = ?`).run(live.id);
    }
    writeCounts(db, live.id, readCounts(db, live.id, after));
    return;
  }
  // A list of counts only: each role and class of the new shape counted, none a 0.
  const keep = (table: string, column: string, keys: string[]) => {
    db.$client.prepare(`DELETE FROM ${table} WHERE list_id = ? AND ${column} NOT IN (SELECT value FROM json_each(?))`).run(live.id, JSON.stringify(keys));
    const add = db.$client.prepare(`INSERT INTO ${table} (list_id, ${column}, count) SELECT ?, ?, 0 WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE list_id = ? AND ${column} = ?)`);
    for (const k of keys) add.run(live.id, k, live.id, k);
  };
  keep("affected_role_count", "role", after.roles.map((r) => r.key));
  keep("affected_class_count", "data_class", after.dataClasses.map((d) => d.key));
}
