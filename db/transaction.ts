import "server-only";
import Database from "better-sqlite3";
import { DomainError } from "@/domain/errors";
import type { Db, Tx } from "./client";

const BUSY = "The record is busy with another change (a large import, most likely) and nothing was changed. Send it again in a few seconds.";

const isBusy = (error: unknown) => error instanceof Database.SqliteError && error.code.startsWith("SQLITE_BUSY");

/**
 * Every write's transaction: BEGIN IMMEDIATE, so it queues for the write lock (up to the
 * connection's busy timeout) instead of failing when a read would have to become a write; a lock
 * still held after that is "busy" (503), never a 500.
 */
export function writeTransaction<T>(db: Db, work: (tx: Tx) => T): T {
  try {
    return db.transaction(work, { behavior: "immediate" });
  } catch (error) {
    if (isBusy(error)) throw new DomainError("busy", BUSY);
    throw error;
  }
}

