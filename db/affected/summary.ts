import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { type AffectedSummary, affectedSummarySchema } from "@/domain/record/affected";
import type { Tx } from "../store/store";
import { type ListCounts, writeCounts } from "./counts";
import { affectedBucket, affectedClassCount, affectedDay, affectedList, affectedMeasure, affectedRoleCount } from "../schema";

/** The incident's live list and its counts; null when no list has been published for it. */
export async function readLiveList(tx: Tx, incidentId: number): Promise<{ id: number; rows: boolean; summary: AffectedSummary } | null> {
  const list = await tx
    .select()
    .from(affectedList)
    .where(and(eq(affectedList.incidentId, incidentId), eq(affectedList.state, "live")))
    .get();
  if (!list) return null;
  const of = { listId: list.id };
  const roles = await tx.select().from(affectedRoleCount).where(eq(affectedRoleCount.listId, of.listId)).orderBy(asc(affectedRoleCount.role)).all();
  const days = await tx.select().from(affectedDay).where(eq(affectedDay.listId, of.listId)).orderBy(asc(affectedDay.day), asc(affectedDay.role)).all();
  const perDay = new Map<string, { day: string; byRole: Record<string, number> }>();
  for (const d of days) {
    const entry = perDay.get(d.day) ?? { day: d.day, byRole: {} };
    entry.byRole[d.role] = (entry.byRole[d.role] ?? 0) + d.count;
    perDay.set(d.day, entry);
  }
  const measures = await tx.select().from(affectedMeasure).where(eq(affectedMeasure.listId, of.listId)).orderBy(asc(affectedMeasure.measure)).all();
  const buckets = await tx.select().from(affectedBucket).where(eq(affectedBucket.listId, of.listId)).orderBy(asc(affectedBucket.measure), asc(affectedBucket.from)).all();
  const classes = await tx.select().from(affectedClassCount).where(eq(affectedClassCount.listId, of.listId)).orderBy(asc(affectedClassCount.dataClass)).all();
  // zod at the boundary: counts that do not add up are a broken database, not something to show.
  const summary = affectedSummarySchema.parse({
    sample: list.sample,
    note: list.note,
    total: list.total,
    byRole: Object.fromEntries(roles.map((r) => [r.role, r.count])),
    firstAt: list.firstAt,
    lastAt: list.lastAt,
    perDay: [...perDay.values()],
    measures: measures.map((m) => ({ key: m.measure, bucket: m.width, counts: buckets.filter((b) => b.measure === m.measure).map((b) => ({ from: b.from, count: b.count })) })),
    byClass: Object.fromEntries(classes.map((c) => [c.dataClass, c.count])),
  });
  return { id: list.id, rows: list.rows, summary };
}

/** A live list of counts only (an imported export carries no rows), inside the caller's transaction. */
export async function insertCountsList(tx: Tx, incidentId: number, s: AffectedSummary): Promise<void> {
  const { id } = await tx
    .insert(affectedList)
    .values({ incidentId, state: "live", sample: s.sample, note: s.note, rows: false })
    .returning({ id: affectedList.id })
    .get();
  await writeCounts(tx, id, countsOf(s));
}

/** A published summary as the counts a list stores: its days back into one row per role. */
function countsOf(s: AffectedSummary): ListCounts {
  return {
    totals: { total: s.total, firstAt: s.firstAt, lastAt: s.lastAt },
    roles: Object.entries(s.byRole).map(([role, count]) => ({ role, count })),
    days: s.perDay.flatMap((d) => Object.entries(d.byRole).map(([role, count]) => ({ day: d.day, role, count }))),
    measures: s.measures.map((m) => ({ measure: m.key, width: m.bucket, buckets: m.counts })),
    classes: Object.entries(s.byClass).map(([dataClass, count]) => ({ dataClass, count })),
  };
}
