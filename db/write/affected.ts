import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { readCounts, writeCounts } from "../affected/counts";
import { ImportInputError } from "@/domain/affected-list/errors";
import { lockPacer } from "../affected/pacer";
import { stagingFor } from "../affected/staging";
import { type RowInput, stageRows } from "../affected/stage-rows";
import { holdsNoRows } from "@/domain/affected-list/read-rows";
import { type AffectedShape, PLAIN_SHAPE } from "@/domain/record/affected-shape";
import { readAffectedShape } from "../read/incident";
import type { ImportFormat } from "@/domain/affected-list/source";
import { deleteList, sweepLists } from "../affected/sweep";
import type { Db } from "../client";
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

/** Page cache while importing, in KiB (SQLite's default is 2 MiB): the sort of the staged rows keeps this much in memory. */
const IMPORT_CACHE_KIB = 32 * 1024;

type ImportArgs = {
  db: Db;
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
 * from the database (db/affected/staging.ts), then go into a new version of the list that no reader
 * sees, a short paced batch per transaction; one short transaction then makes it the live
 * list, with its counts computed in SQL, one version bump and one audit entry (counts only, never an
 * account id, a tenant key or a request id). Without `replace` the new list is the old one plus the
 * file's rows. A sample list (the seed's) says so; any other list is the real one.
 */
export async function importAffectedList(args: ImportArgs): Promise<AffectedImportResult> {
  const { db, actor, slug, version, rows, replace = false, secret } = args;
  const started = performance.now();
  assertCanWrite(actor);
  const nothing = (format: ImportReport["format"]): AffectedImportResult => ({
    report: { incidentSlug: slug, format, rowsRead: 0, added: 0, alreadyPresent: 0, removed: replace ? 0 : null, empty: true, elapsedMs: performance.now() - started },
    version: version ?? 0,
  });
  const stored = readAffectedShape(db, slug);
  if (stored === undefined) throw new DomainError("not-found", { key: "problems.noIncident", values: { slug } });
  const shape = stored ?? PLAIN_SHAPE;
  const before = "values" in rows ? { format: "rows" as const, empty: rows.values.length === 0 } : await holdsNoRows(rows.source, shape).catch(rethrowInvalid);
  if (before.empty) return nothing(before.format);
  await sweepLists(db);
  const { listId, live } = beginList(args);
  const staging = stagingFor(db, listId);
  return withImportPragmas(db, async () => {
    try {
      const carried = live && !replace ? staging.addList(live.id).changes : 0;
      const stmt = db.$client.prepare("UPDATE affected_list SET touched_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?");
      const touch = () => stmt.run(listId);
      const read = await stageRows(staging, shape, rows, secret, () => writeTransaction(db, touch));
      // Only if the file changed since it was first looked at.
      if (read.rowsRead === 0) {
        staging.drop();
        await deleteList(db, listId);
        return nothing(read.format);
      }
      await staging.moveInto(lockPacer(), (work) =>
        writeTransaction(db, () => {
          const result = work();
          touch();
          return result;
        }),
      );
      staging.drop();
      const counts = readCounts(db, listId, shape);
      const added = counts.totals.total - carried;
      const report = { incidentSlug: slug, format: read.format, rowsRead: read.rowsRead, added, alreadyPresent: read.rowsRead - added };
      const done = makeLive(args, { listId, live, counts, report, shape: stored });
      if (live) await deleteList(db, live.id);
      return { report: { ...report, removed: done.removed, empty: false, elapsedMs: performance.now() - started }, version: done.version };
    } catch (error) {
      staging.drop();
      await deleteList(db, listId).catch(() => undefined);
      rethrowInvalid(error);
    }
  });
}

/** The new version of the list, building, in the incident the upload was based on; a sample or counts-only list is only replaced. */
function beginList({ db, slug, version, replace = false, sample }: ImportArgs): { incidentId: number; live: LiveList | null; listId: number } {
  return writeTransaction(db, (tx) => {
    const found = tx.select({ id: incident.id, version: incident.version }).from(incident).where(eq(incident.slug, slug)).get();
    if (!found) throw new DomainError("not-found", { key: "problems.noIncident", values: { slug } });
    if (version !== null && found.version !== version) throw stale(version, found.version);
    const live = tx.select().from(affectedList).where(and(eq(affectedList.incidentId, found.id), eq(affectedList.state, "live"))).get() ?? null;
    if (live && !replace && (live.sample || !live.rows || sample)) {
      const what = live.sample ? "sample" : live.rows ? "list" : "counts";
      throw new DomainError("conflict", { key: "problems.listKind", values: { what } });
    }
    const building = tx
      .insert(affectedList)
      .values({ incidentId: found.id, state: "building", sample: sample !== undefined, note: sample?.note ?? null, rows: true })
      .returning({ id: affectedList.id })
      .get();
    return { incidentId: found.id, live, listId: building.id };
  });
}

/** The import's connection settings while it runs, put back after. */
async function withImportPragmas<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const cacheSize = db.$client.pragma("cache_size", { simple: true });
  const autocheckpoint = db.$client.pragma("wal_autocheckpoint", { simple: true });
  db.$client.pragma(`cache_size = ${-IMPORT_CACHE_KIB}`);
  // Many small commits would each copy the WAL's pages back into the database; once, at the end, is enough.
  db.$client.pragma("wal_autocheckpoint = 0");
  try {
    return await work();
  } finally {
    db.$client.pragma(`cache_size = ${Number(cacheSize)}`);
    db.$client.pragma(`wal_autocheckpoint = ${Number(autocheckpoint)}`);
    db.$client.pragma("wal_checkpoint(PASSIVE)");
  }
}

type Built = {
  listId: number;
  live: LiveList | null;
  counts: ReturnType<typeof readCounts>;
  report: Omit<ImportReport, "removed" | "empty" | "elapsedMs">;
  /** The shape the rows were read in, as stored: it must still be the incident's. */
  shape: AffectedShape | null;
};

/** One short transaction: the built list becomes the live one, with its counts, a version bump and the audit entry. */
function makeLive({ db, actor, slug, replace = false, sample }: ImportArgs, { listId, live, counts, report, shape }: Built) {
  return mutateIncident(db, actor, slug, null, (tx, current) => {
    if (JSON.stringify(readAffectedShape(db, slug) ?? null) !== JSON.stringify(shape)) {
      throw new DomainError("conflict", { key: "problems.shapeChanged" });
    }
    const now = tx.select({ id: affectedList.id }).from(affectedList).where(and(eq(affectedList.incidentId, current.id), eq(affectedList.state, "live"))).get();
    if ((now?.id ?? null) !== (live?.id ?? null)) {
      throw new DomainError("conflict", { key: "problems.listChanged" });
    }
    if (live) tx.update(affectedList).set({ state: "retired" }).where(eq(affectedList.id, live.id)).run();
    tx.update(affectedList).set({ state: "live" }).where(eq(affectedList.id, listId)).run();
    writeCounts(db, listId, counts);
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
