import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Env, databasePath, readEnv } from "./env";
import { PRIVATE_MODE, narrowToOwner } from "@/lib/private-file";

/** The key file sits beside the database it hashes for (default ./data/lookup.key). */
export function lookupKeyPath(env: Env = readEnv()): string {
  return path.join(path.dirname(databasePath(env)), "lookup.key");
}

/** LOOKUP_SECRET when set; otherwise a key generated once, readable only by its owner (a wider mode is narrowed). */
export function lookupSecret(env: Env = readEnv()): string {
  if (env.LOOKUP_SECRET) return env.LOOKUP_SECRET;
  // A key file is one machine's: servers on several would each make their own and refuse each other's links.
  if (env.DATABASE_URL.engine === "postgres") throw new Error("DATABASE_URL names PostgreSQL, so set LOOKUP_SECRET (at least 32 characters, the same on every server): every server signs and checks the lookup's links and sessions with it");
  const file = lookupKeyPath(env);
  try {
    narrowToOwner(file);
    return readKey(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("hex") + "\n", { mode: PRIVATE_MODE, flag: "wx" });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readKey(file);
}

function readKey(file: string): string {
  const key = fs.readFileSync(file, "utf8").trim();
  if (key.length < 32) throw new Error(`${file} holds a key shorter than 32 characters: delete it or set LOOKUP_SECRET`);
  return key;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

let cached: string | undefined;

/** The running app's secret, read once. */
export function appLookupSecret(): string {
  cached ??= lookupSecret();
  return cached;
}
