import "server-only";
import { sweepLists } from "./affected/sweep";
import { openDatabase } from "./client";
import { type Env, databasePath, readEnv } from "@/config/env";
import { lookupSecret } from "@/config/secret";
import { migrateDatabase } from "./migrate";
import { loadSeed, type SeedResult } from "./seed/load";

/**
 * Creates the database if needed, applies migrations, removes what a crashed import left behind
 * and, unless told not to, loads the seed.
 */
export async function prepareDatabase({ seed = true, env = readEnv() }: { seed?: boolean; env?: Env } = {}): Promise<{
  file: string;
  seeded: SeedResult[];
}> {
  const file = databasePath(env);
  const db = openDatabase(file, { create: true });
  try {
    migrateDatabase(db);
    await sweepLists(db);
    const seeded = seed ? await loadSeed(db, lookupSecret(env)) : [];
    return { file, seeded };
  } finally {
    db.$client.close();
  }
}
