import "server-only";
import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { countUncountedLists } from "./affected/counts";
import type { Db } from "./client";
import { sqliteStore } from "./store/sqlite";
import { fillListing } from "./write/listing";

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");

/**
 * Applies the pending migrations in one transaction. Foreign keys are off meanwhile, as SQLite's
 * procedure for rebuilding a table asks (the pragma is a no-op inside a transaction, so migrations
 * cannot do it themselves), and checked before they are turned on again. Then the rows older data
 * lacks are filled in, through a store of its own on the same file.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  const client = db.$client;
  client.pragma("foreign_keys = OFF");
  try {
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const broken = client.pragma("foreign_key_check") as unknown[];
    if (broken.length > 0) throw new Error(`the migrations left ${broken.length} rows whose foreign keys point nowhere`);
  } finally {
    client.pragma("foreign_keys = ON");
  }
  const store = sqliteStore(db.$client.name);
  try {
    await countUncountedLists(store);
    await fillListing(store);
  } finally {
    await store.close();
  }
}
