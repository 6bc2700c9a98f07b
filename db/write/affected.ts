import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import type { AffectedRow } from "@/domain/record/affected";
import { DomainError } from "@/domain/errors";
import { tenantKey } from "@/lib/tenant-key";
import { readCounts, writeCounts } from "../affected/counts";
import { ImportInputError } from "@/domain/affected-list/errors";
import { lockPacer } from "../affected/pacer";
import { type StagedRow, stagingFor } from "../affected/staging";
import { type ImportProgress, holdsNoRows, readAffectedRows, readRowValues } from "@/domain/affected-list/read-rows";
import type { ImportFormat, ImportSource } from "@/domain/affected-list/source";
import { deleteList, sweepLists } from "../affected/sweep";
import type { Db } from "../client";
import { affectedList, incident } from "../schema";
import { assertCanWrite, mutateIncident, writeTransaction } from "./mutate";

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
/** Where the rows come from: a file or upload, or values (the seed's generated sample). */
export type RowInput = { source: ImportSource; onProgress?: (p: ImportProgress) => void } | { values: readonly unknown[] };

/** Page cache while importing, in KiB (SQLite's default is 2 MiB): the sort of the staged rows keeps this much in memory. */
const IMPORT_CACHE_KIB = 32 * 1024;
/** Distinct account ids whose tenant key is remembered during one import. */
const TENANT_KEY_MEMO = 20_000;
/** Rows staged per transaction (on the temp database only). */
const STAGE_BATCH = 5_000;
/** How often a list whose rows are still being staged is marked alive (a sweep takes it after 10 minutes). */
const TOUCH_EVERY_MS = 30_000;

/**
 * Imports an affected list into an incident, all or nothing: the rows are staged and sorted apart
 * from the database (db/affected/staging.ts), then go into a new version of the list that no reader
 * sees, a short paced batch per transaction; one short transaction then makes it the live
 * list, with its counts computed in SQL, one version bump and one audit entry (counts only, never an
 * account id, a tenant key or a request id). Without `replace` the new list is the old one plus the
 * file's rows. A sample list (the seed's) says so; any other list is the real one.
 */
export async function importAffectedList(args: {
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
}): Promise<AffectedImportResult> {
  const { db, actor, slug, version, rows, replace = false, sample, secret } = args;
  const started = performance.now();
  assertCanWrite(actor);
  const nothing = (format: ImportReport["format"]): AffectedImportResult => ({
    report: { incidentSlug: slug, format, rowsRead: 0, added: 0, alreadyPresent: 0, removed: replace ? 0 : null, empty: true, elapsedMs: performance.now() - started },
    version: version ?? 0,
  });
  const before = "values" in rows ? { format: "rows" as const, empty: rows.values.length === 0 } : await holdsNoRows(rows.source).catch(rethrowInvalid);
  if (before.empty) return nothing(before.format);
  await sweepLists(db);
  const start = writeTransaction(db, (tx) => {
    const found = tx.select({ id: incident.id, version: incident.version }).from(incident).where(eq(incident.slug, slug)).get();
    if (!found) throw new DomainError("not-found", `There is no incident "${slug}".`);
    if (version !== null && found.version !== version) throw stale(version, found.version);
    const live = tx.select().from(affectedList).where(and(eq(affectedList.incidentId, found.id), eq(affectedList.state, "live"))).get() ?? null;
    if (live && !replace && (live.sample || !live.rows || sample)) {
      const what = live.sample ? "a generated sample" : live.rows ? "a list" : "counts only, without the rows";
      throw new DomainError("conflict", `The incident's affected list is ${what}; nothing was imported. Send the whole list again to replace it (--replace, or replace=1).`);
    }
    const building = tx
      .insert(affectedList)
      .values({ incidentId: found.id, state: "building", sample: sample !== undefined, note: sample?.note ?? null, rows: true })
      .returning({ id: affectedList.id })
      .get();
    return { incidentId: found.id, live, listId: building.id };
  });

  const { listId, live } = start;
  const staging = stagingFor(db, listId);
  const cacheSize = db.$client.pragma("cache_size", { simple: true });
  const autocheckpoint = db.$client.pragma("wal_autocheckpoint", { simple: true });
  db.$client.pragma(`cache_size = ${-IMPORT_CACHE_KIB}`);
  // Many small commits would each copy the WAL's pages back into the database; once, at the end, is enough.
  db.$client.pragma("wal_autocheckpoint = 0");
  try {
    const carried = live && !replace ? staging.addList(live.id).changes : 0;
    const keyOf = memoize(TENANT_KEY_MEMO, (accountId: string) => tenantKey(secret, accountId));
    const touch = db.$client.prepare("UPDATE affected_list SET touched_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?");
    let touchedAt = performance.now();
    let batch: StagedRow[] = [];
    const flush = () => {
      staging.add(batch);
      batch = [];
      // While the rows are staged the list is not written to; it is marked alive now and then.
      if (performance.now() - touchedAt > TOUCH_EVERY_MS) {
        writeTransaction(db, () => touch.run(listId));
        touchedAt = performance.now();
      }
    };
    const onRow = (r: AffectedRow) => {
      batch.push([keyOf(r.account_id), r.request_id, r.occurred_at, r.prompt_tokens, r.role]);
      if (batch.length >= STAGE_BATCH) flush();
    };
    const read = "values" in rows ? { format: "rows" as const, ...readRowValues(rows.values, onRow) } : await readAffectedRows(rows.source, onRow, rows.onProgress);
    flush();
    // Only if the file changed since it was first looked at.
    if (read.rowsRead === 0) {
      staging.drop();
      await deleteList(db, listId);
      return nothing(read.format);
    }
    await staging.moveInto(lockPacer(), (work) =>
      writeTransaction(db, () => {
        const result = work();
        touch.run(listId);
        return result;
      }),
    );
    staging.drop();
    const counts = readCounts(db, listId);
    const added = counts.totals.total - carried;
    const report = { incidentSlug: slug, format: read.format, rowsRead: read.rowsRead, added, alreadyPresent: read.rowsRead - added };
    const done = mutateIncident(db, actor, slug, null, (tx, current) => {
      const now = tx.select({ id: affectedList.id }).from(affectedList).where(and(eq(affectedList.incidentId, current.id), eq(affectedList.state, "live"))).get();
      if ((now?.id ?? null) !== (live?.id ?? null)) {
        throw new DomainError("conflict", "Another import changed this incident's affected list meanwhile; nothing was imported. Look at the list now on record, then send yours again.");
      }
      if (live) tx.update(affectedList).set({ state: "retired" }).where(eq(affectedList.id, live.id)).run();
      tx.update(affectedList).set({ state: "live" }).where(eq(affectedList.id, listId)).run();
      writeCounts(db, listId, counts);
      const total = counts.totals.total;
      const removed = replace ? (live?.total ?? 0) : null;
      return {
        action: "import",
        entity: "affected",
        entityId: listId,
        before: live ? { rows: live.total, sample: live.sample } : null,
        after: { rows: total, sample: sample !== undefined, rowsRead: read.rowsRead, added, alreadyPresent: report.alreadyPresent, replaced: replace, removed },
        result: { removed },
      };
    });
    if (live) await deleteList(db, live.id);
    return { report: { ...report, removed: done.removed, empty: false, elapsedMs: performance.now() - started }, version: done.version };
  } catch (error) {
    staging.drop();
    await deleteList(db, listId).catch(() => undefined);
    rethrowInvalid(error);
  } finally {
    db.$client.pragma(`cache_size = ${Number(cacheSize)}`);
    db.$client.pragma(`wal_autocheckpoint = ${Number(autocheckpoint)}`);
    db.$client.pragma("wal_checkpoint(PASSIVE)");
  }
}

/** A file that cannot be imported as it is: a 400 that says where, never a 500. */
function rethrowInvalid(error: unknown): never {
  if (error instanceof ImportInputError) {
    throw new DomainError("invalid", `Nothing was imported: ${error.message}.`, { errors: [{ field: "file", message: error.message }] });
  }
  throw error;
}

const stale = (version: number, current: number) =>
  new DomainError("conflict", `The incident changed since version ${version} (it is now at ${current}): reload it and upload the list again with the new version.`, {
    currentVersion: current,
  });

/** `fn` remembering up to `limit` results (then it starts afresh): bounded memory. */
function memoize(limit: number, fn: (key: string) => string): (key: string) => string {
  const memo = new Map<string, string>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined) {
      if (memo.size >= limit) memo.clear();
      value = fn(key);
      memo.set(key, value);
    }
    return value;
  };
}
