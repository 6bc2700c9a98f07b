import "server-only";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { ensurePrivateFile, narrowToOwner } from "@/lib/private-file";
import { stems } from "@/lib/stem";
import * as schema from "./schema";

/** A SQLite file's own connection: migrations, the copy to PostgreSQL and the Store's connections (db/store) are opened with it; the app's reads and verbs go through the Store. */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

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
