import "server-only";
import Database from "better-sqlite3";
import { DomainError } from "@/domain/errors";
import type { Store, Tx } from "./store/store";

const BUSY = "The record is busy with another change (a large import, most likely) and nothing was changed. Send it again in a few seconds.";

const isBusy = (error: unknown) => error instanceof Database.SqliteError && error.code.startsWith("SQLITE_BUSY");

/**
 * Every verb's transaction, all or nothing (Store.write). On SQLite a write lock another process
 * still holds after the connection's busy timeout is "busy" (503), never a 500.
 */
export async function writeTransaction<T>(store: Store, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await store.write(work);
  } catch (error) {
    if (isBusy(error)) throw new DomainError("busy", BUSY);
    throw error;
  }
}
