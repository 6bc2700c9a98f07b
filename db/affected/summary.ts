import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { AFFECTED_ROLES } from "@/domain/record/constants";
import { type AffectedSummary, affectedSummarySchema } from "@/domain/record/affected";
import type { Db } from "../client";
import { type ListCounts, writeCounts } from "./counts";
import { affectedBucket, affectedDay, affectedList } from "../schema";

type Reader = Pick<Db, "select">;

/** The incident's live list and its counts; null when no list has been published for it. */
export function readLiveList(db: Reader, incidentId: number): { id: number; rows: boolean; summary: AffectedSummary } | null {
  const list = db
    .select()
    .from(affectedList)
    .where(and(eq(affectedList.incidentId, incidentId), eq(affectedList.state, "live")))
    .get();
  if (!list) return null;
  const days = db.select().from(affectedDay).where(eq(affectedDay.listId, list.id)).orderBy(asc(affectedDay.day)).all();
  const perDay = new Map<string, { day: string; recipient: number; exposed: number }>();
  for (const d of days) {
    const entry = perDay.get(d.day) ?? { day: d.day, recipient: 0, exposed: 0 };
    entry[d.role] += d.count;
    perDay.set(d.day, entry);
  }
  const buckets = db.select().from(affectedBucket).where(eq(affectedBucket.listId, list.id)).orderBy(asc(affectedBucket.from)).all();
  // zod at the boundary: counts that do not add up are a broken database, not something to show.
  const summary = affectedSummarySchema.parse({
    sample: list.sample,
    note: list.note,
    total: list.total,
    byRole: { recipient: list.recipient, exposed: list.exposed },
    firstAt: list.firstAt,
    lastAt: list.lastAt,
    perDay: [...perDay.values()],
    promptTokens: list.bucket === null || buckets.length === 0 ? null : { bucket: list.bucket, counts: buckets.map((b) => ({ from: b.from, count: b.count })) },
  });
  return { id: list.id, rows: list.rows, summary };
}

/** A live list of counts only (an imported export carries no rows), inside the caller's transaction. */
export function insertCountsList(db: Db, incidentId: number, s: AffectedSummary): void {
  const { id } = db
    .insert(affectedList)
    .values({ incidentId, state: "live", sample: s.sample, note: s.note, rows: false })
    .returning({ id: affectedList.id })
    .get();
  writeCounts(db, id, countsOf(s));
}

/** A published summary as the counts a list stores: its days back into one row per role. */
function countsOf(s: AffectedSummary): ListCounts {
  return {
    totals: { total: s.total, recipient: s.byRole.recipient, exposed: s.byRole.exposed, firstAt: s.firstAt, lastAt: s.lastAt },
    bucket: s.promptTokens?.bucket ?? null,
    days: s.perDay.flatMap((d) => AFFECTED_ROLES.filter((role) => d[role] > 0).map((role) => ({ day: d.day, role, count: d[role] }))),
    buckets: (s.promptTokens?.counts ?? []).map((b) => ({ fromTokens: b.from, count: b.count })),
  };
}
