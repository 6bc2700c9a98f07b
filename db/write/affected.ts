import "server-only";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { recordAudit } from "../audit";
import { type Db, openDatabase } from "../client";
import { databasePath } from "../env";
import { type ImportFormat, type ImportReport, ImportInputError, UnknownIncidentError, importAffected } from "../import-affected";
import { appLookupSecret } from "../lookup-secret";
import { affectedResponse, incident } from "../schema";
import { assertCanWrite } from "./mutate";

export type AffectedImportResult = { report: ImportReport; version: number };

const stale = (version: number, current: number) =>
  new DomainError(
    "conflict",
    `The incident changed since version ${version} (it is now at ${current}): reload it and upload the list again with the new version.`,
    { currentVersion: current },
  );

/**
 * Imports an affected list (a .csv or .json file on disk) into an incident through the same
 * validation as `npm run import:affected`, all or nothing. When rows were added or replaced, the
 * incident's version goes up by one and one audit entry is written, in the import's transaction.
 * The audit entry holds counts only: never an account id, a tenant key or a request id.
 *
 * `db` must be a connection nothing else uses until this settles (see importAffected): the app's
 * shared connection is not; importAffectedUpload opens one of its own.
 */
export async function importAffectedList({
  db,
  actor,
  slug,
  version,
  file,
  format,
  replace = false,
  secret = appLookupSecret(),
}: {
  db: Db;
  actor: Actor;
  slug: string;
  version: number;
  file: string;
  /** The importer goes by the file's extension; when given, the file must carry the matching one. */
  format?: ImportFormat;
  replace?: boolean;
  secret?: string;
}): Promise<AffectedImportResult> {
  assertCanWrite(actor);
  if (!Number.isSafeInteger(version) || version < 1) {
    throw new DomainError("invalid", "Send the incident's current version (a whole number) with the list.", {
      errors: [{ field: "version", message: "a positive whole number" }],
    });
  }
  if (format && path.extname(file).toLowerCase() !== `.${format}`) throw new Error(`importAffectedList: ${file} must end in .${format}`);

  const current = db.select({ id: incident.id, version: incident.version }).from(incident).where(eq(incident.slug, slug)).get();
  if (!current) throw new DomainError("not-found", `There is no incident "${slug}".`);
  if (current.version !== version) throw stale(version, current.version);
  const rowsBefore = countRows(db, current.id);

  let next = current.version;
  let report: ImportReport;
  try {
    report = await importAffected({
      db,
      incidentSlug: slug,
      file,
      replace,
      secret,
      onCommit: (tx, done) => {
        // The write lock is held now: nothing can change the version between this check and COMMIT.
        const now = tx.select({ version: incident.version }).from(incident).where(eq(incident.id, current.id)).get();
        if (!now || now.version !== version) throw stale(version, now?.version ?? current.version);
        next = now.version + 1;
        tx.update(incident)
          .set({ version: next, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
          .where(eq(incident.id, current.id))
          .run();
        recordAudit(tx, {
          actor,
          incident: { id: current.id, slug },
          action: "import",
          entity: "affected",
          entityId: null,
          before: { rows: rowsBefore },
          after: {
            rows: countRows(tx, current.id),
            rowsRead: done.rowsRead,
            added: done.added,
            alreadyPresent: done.alreadyPresent,
            replaced: replace,
            removed: done.removed,
          },
        });
      },
    });
  } catch (error) {
    if (error instanceof ImportInputError) {
      const message = error.message;
      throw new DomainError("invalid", `Nothing was imported: ${message}.`, { errors: [{ field: "file", message }] });
    }
    if (error instanceof UnknownIncidentError) throw new DomainError("not-found", `There is no incident "${slug}".`);
    throw error;
  }
  return { report, version: next };
}

function countRows(db: Pick<Db, "select">, incidentId: number): number {
  return db.select({ n: count() }).from(affectedResponse).where(eq(affectedResponse.incidentId, incidentId)).get()?.n ?? 0;
}

/** importAffectedList on a connection of its own, closed afterwards: for the app's action and API. */
export async function importAffectedUpload(args: Omit<Parameters<typeof importAffectedList>[0], "db">): Promise<AffectedImportResult> {
  assertCanWrite(args.actor);
  const db = openDatabase(databasePath());
  try {
    return await importAffectedList({ ...args, db });
  } finally {
    db.$client.close();
  }
}
