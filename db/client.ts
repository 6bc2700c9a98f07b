import "server-only";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { databasePath } from "@/config/env";
import { ensurePrivateFile, narrowToOwner } from "@/lib/private-file";
import { stems } from "@/lib/stem";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** What a transaction's body is handed: the same queries as Db, inside the transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Opens (and with `create`, creates) a database with the pragmas every connection needs. The file,
 * its -wal and its -shm are kept 0600: SQLite creates the last two with the database file's mode.
 */
export function openDatabase(file: string, { create = false } = {}): Db {
  if (create) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    ensurePrivateFile(file);
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) narrowToOwner(f);
  const sqlite = new Database(file, { fileMustExist: !create });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // The search index's triggers stem every text they index with it (migration 0018).
  sqlite.function("aftermath_stems", { deterministic: true }, (text: unknown) => stems(typeof text === "string" ? text : null));
  return drizzle({ client: sqlite, schema });
}

const cache = globalThis as unknown as { aftermathDb?: Db };

/** The app's connection, opened on first use and kept across dev reloads. */
export function getDb(): Db {
  if (!cache.aftermathDb) {
    const file = databasePath();
    if (!fs.existsSync(file)) {
      throw new Error(`No database at ${file}: run \`npm run db:seed\` (or \`npm start\`) first`);
    }
    cache.aftermathDb = openDatabase(file);
  }
  return cache.aftermathDb;
}
