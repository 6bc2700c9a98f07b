import "server-only";
import { loadSeed, type SeedResult } from "@/db/seed/load";
import { openDatabase } from "./client";
import { type Env, databasePath, readEnv } from "./env";
import { lookupSecret } from "./lookup-secret";
import { migrateDatabase } from "./migrate";

/** Creates the database if needed, applies migrations and, unless told not to, loads the seed. */
export function prepareDatabase({ seed = true, env = readEnv() }: { seed?: boolean; env?: Env } = {}): {
  file: string;
  seeded: SeedResult[];
} {
  const file = databasePath(env);
  const db = openDatabase(file, { create: true });
  try {
    migrateDatabase(db);
    const seeded = seed ? loadSeed(db, lookupSecret(env)) : [];
    return { file, seeded };
  } finally {
    db.$client.close();
  }
}
