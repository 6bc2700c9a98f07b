import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { PgDb } from "./connect";

export const PG_MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/pg/migrations");

// One key for "Aftermath is migrating this database", whatever else holds advisory locks there.
const MIGRATE_LOCK = 0x41667465726d6174n;

/**
 * Applies the pending migrations under a session advisory lock: servers started at once take turns,
 * and the second finds nothing left to do. Without it two would both create drizzle's own table and
 * the loser would fail (or, between statements, apply a migration twice).
 */
export async function migratePostgres(db: PgDb): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATE_LOCK.toString()]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: PG_MIGRATIONS_FOLDER });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATE_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}
