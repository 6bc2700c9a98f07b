import type { DatabaseTarget } from "@/config/env";
import { openPostgres } from "./pg/connect";
import { postgresStore } from "./pg/store";
import { sqliteStore } from "./store/sqlite";
import type { Store } from "./store/store";

/** A Store on the database DATABASE_URL names: a SQLite file, or a pool of `max` connections to PostgreSQL. */
export function openStore(target: DatabaseTarget, { max = 10, name = "aftermath" }: { max?: number; name?: string } = {}): Store {
  return target.engine === "sqlite" ? sqliteStore(target.file) : postgresStore(openPostgres(target.url, { max, name }));
}
