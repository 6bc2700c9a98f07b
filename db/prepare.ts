import "server-only";
import { sweepLists } from "./affected/sweep";
import { openDatabase } from "./client";
import { type DatabaseTarget, type Env, databasePath, readEnv } from "@/config/env";
import { lookupSecret } from "@/config/secret";
import { migrateDatabase } from "./migrate";
import { openPostgres, shownUrl } from "./pg/connect";
import { migratePostgres } from "./pg/migrate";
import { postgresStore } from "./pg/store";
import { loadSeed, type SeedResult } from "./seed/load";
import { sqliteStore } from "./store/sqlite";
import type { Store } from "./store/store";

/** Removes what a crashed import left behind and, when asked, loads the seed: after migrations, on either engine. */
export async function tidyAndSeed(store: Store, { seed, secret }: { seed: boolean; secret: () => string }): Promise<SeedResult[]> {
  await sweepLists(store);
  return seed ? loadSeed(store, secret()) : [];
}

/**
 * Creates the SQLite database if needed, applies migrations, removes what a crashed import left
 * behind and, unless told not to, loads the seed.
 */
export async function prepareDatabase({ seed = true, env = readEnv() }: { seed?: boolean; env?: Env } = {}): Promise<{
  file: string;
  seeded: SeedResult[];
}> {
  const file = databasePath(env);
  const db = openDatabase(file, { create: true });
  try {
    await migrateDatabase(db);
  } finally {
    db.$client.close();
  }
  const store = sqliteStore(file);
  try {
    return { file, seeded: await tidyAndSeed(store, { seed, secret: () => lookupSecret(env) }) };
  } finally {
    await store.close();
  }
}

/** Migrations on PostgreSQL (under the advisory lock), then the same tidying and seed as on SQLite, through the Store. */
async function preparePostgres(url: string, seed: boolean, env: Env): Promise<SeedResult[]> {
  const db = openPostgres(url, { max: 4, name: "aftermath-migrate" });
  try {
    await migratePostgres(db);
  } catch (error) {
    await db.$client.end();
    throw error;
  }
  // The store ends the pool.
  const store = postgresStore(db);
  try {
    return await tidyAndSeed(store, { seed, secret: () => lookupSecret(env) });
  } finally {
    await store.close();
  }
}

/** `npm start`'s and db:migrate's preparation on the engine DATABASE_URL names; `shown` is the database as fit to print (no password). */
export async function prepareTarget({ seed = true, env = readEnv() }: { seed?: boolean; env?: Env } = {}): Promise<{ shown: string; seeded: SeedResult[] }> {
  const target = env.DATABASE_URL;
  if (target.engine === "postgres") return { shown: shownUrl(target.url), seeded: await preparePostgres(target.url, seed, env) };
  const { file, seeded } = await prepareDatabase({ env, seed });
  return { shown: file, seeded };
}

/** The migrations alone, on either engine (a SQLite file made if there is none): what a command that writes needs first, as npm run db:migrate gives it. */
export async function migrateTarget(target: DatabaseTarget): Promise<void> {
  if (target.engine === "sqlite") {
    const db = openDatabase(target.file, { create: true });
    try {
      await migrateDatabase(db);
    } finally {
      db.$client.close();
    }
    return;
  }
  const db = openPostgres(target.url, { max: 1, name: "aftermath-migrate" });
  try {
    await migratePostgres(db);
  } finally {
    await db.$client.end();
  }
}
