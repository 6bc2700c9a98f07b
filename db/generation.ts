import Database from "better-sqlite3";
import { z } from "zod";

const generationRow = z.number().int();

/**
 * Which version of the record the database holds: the id of the newest audit entry. Every change
 * appends exactly one, in the transaction that makes it (db/write), from any process, so a different
 * number means something may have changed. The connection here never writes, so SQLite's
 * data_version moves on every commit anywhere; only then is the audit table read again.
 */
export function generationReader(databasePath: string): (() => number) & { close: () => void } {
  let read: { version: () => unknown; newest: () => unknown; close: () => void } | undefined;
  let seen: unknown;
  let generation = 0;
  const generationNow = () => {
    if (!read) {
      const db = new Database(databasePath, { readonly: true, fileMustExist: true });
      const version = db.prepare("PRAGMA data_version").pluck();
      const newest = db.prepare("SELECT coalesce(max(id), 0) FROM audit_entry").pluck();
      read = { version: () => version.get(), newest: () => newest.get(), close: () => db.close() };
    }
    const version = read.version();
    if (version !== seen) {
      generation = generationRow.parse(read.newest());
      seen = version;
    }
    return generation;
  };
  return Object.assign(generationNow, {
    close: () => {
      read?.close();
      read = undefined;
      seen = undefined;
    },
  });
}
