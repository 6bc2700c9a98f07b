import Database from "better-sqlite3";
import { z } from "zod";

/**
 * Which version of the record the database holds: the id of the newest audit entry. Every change
 * appends exactly one, in the transaction that makes it (db/write), from any process, so a different
 * number means something may have changed. One indexed read per request.
 */
export function generationReader(databasePath: string): () => number {
  let statement: Database.Statement | undefined;
  return () => {
    statement ??= new Database(databasePath, { readonly: true, fileMustExist: true }).prepare("SELECT coalesce(max(id), 0) FROM audit_entry").pluck();
    return z.number().int().parse(statement.get());
  };
}
