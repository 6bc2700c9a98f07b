import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { type ListCounts, readCounts, writeCounts } from "../affected/counts";
import { ImportInputError } from "@/domain/affected-list/errors";
import type { Staging } from "../affected/staged";
import { stagingFor } from "../affected/staging";
import { type RowInput, stageRows } from "../affected/stage-rows";
import { holdsNoRows } from "@/domain/affected-list/read-rows";
import { type AffectedShape, PLAIN_SHAPE } from "@/domain/record/affected-shape";
import { readAffectedShape } from "../read/incident";
import type { ImportFormat } from "@/domain/affected-list/source";
import { deleteList, sweepLists } from "../affected/sweep";
import { lockRow } from "../dialect";
import type { Store } from "../store/store";
import { affectedList, incident } from "../schema";
import { assertCanWrite, mutateIncident } from "./mutate";
import { writeTransaction } from "../transaction";

export type ImportReport = {
  incidentSlug: string;
  format: ImportFormat | "rows";
  /** Valid rows read (all of them: the import is all or nothing). */
  rowsRead: number;
  added: number;
  /** Rows the list already had, or that came earlier in the same file. */
  alreadyPresent: number;
  /** With `replace`: how many rows the list it replaced had; otherwise null. */
  removed: number | null;
  /** The file held no rows; then nothing was changed, even with `replace`. */
  empty: boolean;
  elapsedMs: number;
};
export type AffectedImportResult = { report: ImportReport; version: number };

type ImportArgs = {
  store: Store;
  actor: Actor;
  slug: string;
  /** The incident version the upload was based on (checked when it starts); null from the server's shell. */
  version: number | null;
  rows: RowInput;
  replace?: boolean;
  /** Only the seed's generator: the rows are a generated sample, with the note saying why. */
  sample?: { note: string };
  secret: string;
};
type LiveList = typeof affectedList.$inferSelect;

/**
 * Imports an affected list into an incident, all or nothing: the rows are staged and sorted apart
 * from the lists (db/affected/staging.ts), then go into a new version of the list that no reader
 * sees (on SQLite a short paced batch per transaction, on PostgreSQL one); one short transaction
 * then makes it the live list, with its counts computed in SQL, one version bump and one audit
 * entry (counts only, never an account id, a tenant key or a request id). Without `replace` the new
 * list is the old one plus the file's rows. A sample list (the seed's) says so; any other list is the real one.
 */
export async function importAffectedList(args: ImportArgs): Promise<AffectedImportResult> {
  const { store, actor, slug, version, rows, replace = false } = args;
  const started = performance.now();
  assertCanWrite(actor);
  const nothing = (format: ImportReport["format"]): AffectedImportResult => ({
    report: { incidentSlug: slug, format, rowsRead: 0, added: 0, alreadyPresent: 0, removed: replace ? 0 : null, empty: true, elapsedMs: performance.now() - started },
    version: version ?? 0,
  });
  const stored = await readAffectedShape(store.q, slug);
  if (stored === undefined) throw new DomainError("not-found", { key: "problems.noIncident", values: { slug } });
  const shape = stored ?? PLAIN_SHAPE;
  const before = "values" in rows ? { format: "rows" as const, empty: rows.values.length === 0 } : await holdsNoRows(rows.source, shape).catch(rethrowInvalid);
  if (before.empty) return nothing(before.format);
  await sweepLists(store);
  const { listId, live } = await beginList(args);
  let staging: Staging | null = null;
  let done;
  try {
    staging = await stagingFor(store, listId);
    done = await build(args, staging, { listId, live, shape, stored });
  } catch (error) {
    await staging?.drop().catch(() => undefined);
    await staging?.done().catch(() => undefined);
    await deleteList(store, listId).catch(() => undefined);
    rethrowInvalid(error);
  }
  await staging.done();
  if (done === null) {
    // Only if the file changed since it was first looked at.
    await deleteList(store, listId);
    return nothing(before.format);
  }
  // The list it replaced is retired: removed now, or by the next sweep if this fails.
  if (live) await deleteList(store, live.id);
  return { report: { ...done.report, elapsedMs: performance.now() - started }, version: done.version };
}

/** The rows staged, moved into the new list and counted, and the list made live; null when the input held no rows after all. */
async function build(args: ImportArgs, staging: Staging, { listId, live, shape, stored }: { listId: number; live: LiveList | null; shape: AffectedShape; stored: AffectedShape | null }) {
  const { store, slug, rows, replace = false, secret } = args;
  const carried = live && !replace ? await staging.addList(live.id) : 0;
  const markAlive = async () => {
    await writeTransaction(store, (tx) => tx.exec(sql`UPDATE affected_list SET touched_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ${listId}`));
  };
  const read = await stageRows(staging, shape, rows, secret, markAlive);
  if (read.rowsRead === 0) {
    await staging.drop();
    return null;
  }
  await staging.moveInto();
  await staging.drop();
  // Outside any transaction: a list being built changes only by its own import.
  const counts = await readCounts(store.q, listId, shape);
  const added = counts.totals.total - carried;
  const report = { incidentSlug: slug, format: read.format, rowsRead: read.rowsRead, added, alreadyPresent: read.rowsRead - added };
  const done = await makeLive(args, { listId, live, counts, report, shape: stored });
  return { report: { ...report, removed: done.removed, empty: false }, version: done.version };
}

/** The new version of the list, building, in the incident the upload was based on; a sample or counts-only list is only replaced. */
function beginList({ store, slug, version, replace = false, sample }: ImportArgs): Promise<{ incidentId: number; live: LiveList | null; listId: number }> {
  return writeTransaction(store, async (tx) => {
    const found = await tx.select({ id: incident.id }).from(incident).where(eq(incident.slug, slug)).get();
    if (found) await lockRow(tx, "incident", found.id);
    const current = found && (await tx.select({ id: incident.id, version: incident.version }).from(incident).where(eq(incident.id, found.id)).get());
    if (!current) throw new DomainError("not-found", { key: "problems.noIncident", values: { slug } });
    if (version !== null && current.version !== version) throw stale(version, current.version);
    const live = (await tx.select().from(affectedList).where(and(eq(affectedList.incidentId, current.id), eq(affectedList.state, "live"))).get()) ?? null;
    if (live && !replace && (live.sample || !live.rows || sample)) {
      const what = live.sample ? "sample" : live.rows ? "list" : "counts";
      throw new DomainError("conflict", { key: "problems.listKind", values: { what } });
    }
    const building = await tx
      .insert(affectedList)
      .values({ incidentId: current.id, state: "building", sample: sample !== undefined, note: sample?.note ?? null, rows: true })
      .returning({ id: affectedList.id })
      .get();
    return { incidentId: current.id, live, listId: building.id };
  });
}

type Built = {
  listId: number;
  live: LiveList | null;
  counts: ListCounts;
  report: Omit<ImportReport, "removed" | "empty" | "elapsedMs">;
  /** The shape the rows were read in, as stored: it must still be the incident's. */
  shape: AffectedShape | null;
};

/** One short transaction: the built list becomes the live one, with its counts, a version bump and the audit entry. */
function makeLive({ store, actor, slug, replace = false, sample }: ImportArgs, { listId, live, counts, report, shape }: Built) {
  return mutateIncident(store, actor, slug, null, async (tx, current) => {
    if (JSON.stringify((await readAffectedShape(tx, slug)) ?? null) !== JSON.stringify(shape)) {
      throw new DomainError("conflict", { key: "problems.shapeChanged" });
    }
    const now = await tx.select({ id: affectedList.id }).from(affectedList).where(and(eq(affectedList.incidentId, current.id), eq(affectedList.state, "live"))).get();
    if ((now?.id ?? null) !== (live?.id ?? null)) {
      throw new DomainError("conflict", { key: "problems.listChanged" });
    }
    if (live) await tx.update(affectedList).set({ state: "retired" }).where(eq(affectedList.id, live.id)).run();
    await tx.update(affectedList).set({ state: "live" }).where(eq(affectedList.id, listId)).run();
    await writeCounts(tx, listId, counts);
    const removed = replace ? (live?.total ?? 0) : null;
    const { rowsRead, added, alreadyPresent } = report;
    return {
      action: "import",
      entity: "affected",
      entityId: listId,
      before: live ? { rows: live.total, sample: live.sample } : null,
      after: { rows: counts.totals.total, sample: sample !== undefined, rowsRead, added, alreadyPresent, replaced: replace, removed },
      result: { removed },
    };
  });
}

/** A file that cannot be imported as it is: a 400 that says where, never a 500. */
function rethrowInvalid(error: unknown): never {
  if (error instanceof ImportInputError) {
    throw new DomainError("invalid", { key: "problems.importInput", values: { why: error.message } }, { errors: [{ field: "file", message: error.message }] });
  }
  throw error;
}

const stale = (version: number, current: number) =>
  new DomainError("conflict", { key: "problems.staleList", values: { version, current } }, {
    currentVersion: current,
  });
