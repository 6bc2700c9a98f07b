import "server-only";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { AffectedShape } from "@/domain/record/affected-shape";
import { formatCount } from "@/lib/count";
import { readCounts, writeCounts } from "../affected/counts";
import { joined } from "../dialect";
import { affectedClassCount, affectedResponse, affectedRoleCount } from "../schema";
import type { Tx } from "../store/store";

/** The live list a shape change meets: its rows (or only its counts) and how many. */
export type LiveOf = { id: number; rows: boolean; total: number };

const int = z.number().int();
const keyCount = z.strictObject({ key: z.string(), count: int, sample: z.string().nullable() });
const counted = z.strictObject({ count: int, sample: z.string().nullable() });
const SAMPLES = 3;

/**
 * What a new shape would do to the rows a live list holds: the changes no row would survive, each
 * with how many rows and (where they have them) some of their request ids, or, when every row fits,
 * nothing. Words, new roles and new data classes fit every row; a role or data class no row has may go.
 * Read in the caller's write transaction.
 */
export async function shapeProblems(tx: Tx, live: LiveOf, before: AffectedShape, after: AffectedShape): Promise<string[]> {
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
  for (const used of await usedRoles(tx, live, removedRoles)) problems.push(`${rowsText(used)} the role "${used.key}", which this shape no longer has`);
  for (const used of await usedClasses(tx, live, before, removedClasses)) problems.push(`${rowsText(used)} the data class "${used.key}", which this shape no longer has`);
  return problems;
}

const rowsText = (u: z.infer<typeof keyCount>) =>
  `${formatCount(u.count)} ${u.count === 1 ? "row has" : "rows have"}${u.sample ? ` (among them request ${u.sample.split(",").slice(0, SAMPLES).join(", ")})` : ""}`;

/** Some of the rows' request ids, joined by commas (which of them, the engine chooses). */
const sampleIds = (tx: Tx) => joined(tx, sql`nullif(${affectedResponse.requestId}, '')`, ",");

async function usedRoles(tx: Tx, live: LiveOf, keys: string[]) {
  if (keys.length === 0) return [];
  const r = affectedResponse;
  const c = affectedRoleCount;
  return live.rows
    ? tx.rows(
        keyCount,
        sql`SELECT ${r.role} AS "key", count(*) AS "count", ${sampleIds(tx)} AS "sample" FROM ${r}
            WHERE ${and(eq(r.listId, live.id), inArray(r.role, keys))} GROUP BY ${r.role} ORDER BY ${r.role}`,
      )
    : tx.rows(keyCount, sql`SELECT ${c.role} AS "key", ${c.count} AS "count", NULL AS "sample" FROM ${c} WHERE ${and(eq(c.listId, live.id), sql`${c.count} > 0`, inArray(c.role, keys))}`);
}

async function usedClasses(tx: Tx, live: LiveOf, before: AffectedShape, keys: string[]) {
  const used: Array<z.infer<typeof keyCount>> = [];
  for (const key of keys) {
    const bit = before.dataClasses.findIndex((d) => d.key === key);
    const r = affectedResponse;
    const c = affectedClassCount;
    const found = live.rows
      ? await tx.row(counted, sql`SELECT count(*) AS "count", ${sampleIds(tx)} AS "sample" FROM ${r} WHERE ${r.listId} = ${live.id} AND (${r.classes} >> ${bit}) & 1 = 1`)
      : await tx.row(counted, sql`SELECT ${c.count} AS "count", NULL AS "sample" FROM ${c} WHERE ${and(eq(c.listId, live.id), eq(c.dataClass, key))}`);
    if (found && found.count > 0) used.push({ key, ...found });
  }
  return used;
}

/**
 * Applies a shape every row fits to all of them, in the caller's transaction: each row's data
 * classes renumbered to the new shape's order (bit i is class i), then the list's counts again.
 */
export async function applyShape(tx: Tx, live: LiveOf, before: AffectedShape, after: AffectedShape): Promise<void> {
  const moves = before.dataClasses.flatMap((d, from) => {
    const to = after.dataClasses.findIndex((n) => n.key === d.key);
    return to < 0 ? [] : [{ from, to }];
  });
  if (live.rows) {
    if (moves.some((m) => m.from !== m.to) || moves.length !== before.dataClasses.length) {
      // Only whole numbers of at most 32 bits reach this SQL: the shape's own class positions.
      const remap = moves.map((m) => `(((classes >> ${m.from}) & 1) << ${m.to})`).join(" | ") || "0";
      await tx.exec(sql`UPDATE ${affectedResponse} SET classes = ${sql.raw(remap)} WHERE list_id = ${live.id}`);
    }
    await writeCounts(tx, live.id, await readCounts(tx, live.id, after));
    return;
  }
  // A list of counts only: each role and class of the new shape counted, none a 0.
  const roles = after.roles.map((r) => r.key);
  const classes = after.dataClasses.map((d) => d.key);
  await tx.delete(affectedRoleCount).where(and(eq(affectedRoleCount.listId, live.id), notInArray(affectedRoleCount.role, roles))).run();
  await tx.delete(affectedClassCount).where(and(eq(affectedClassCount.listId, live.id), notInArray(affectedClassCount.dataClass, classes))).run();
  for (const role of roles) await tx.insert(affectedRoleCount).values({ listId: live.id, role, count: 0 }).onConflictDoNothing().run();
  for (const dataClass of classes) await tx.insert(affectedClassCount).values({ listId: live.id, dataClass, count: 0 }).onConflictDoNothing().run();
}
