import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll } from "vitest";
import { readEnv } from "@/config/env";
import { prepareDatabase } from "@/db/prepare";
import { copyToPostgres } from "@/db/pg/copy";
import { postgresStore } from "@/db/pg/store";
import { sqliteStore } from "@/db/store/sqlite";
import type { Engine, Store } from "@/db/store/store";
import { testPostgres } from "./postgres";
import { TEST_SECRET } from "./test-database";

/** Both engines, for `describe.each(ENGINES)`: every data-layer test runs on each. */
export const ENGINES: readonly Engine[] = ["sqlite", "postgres"];

/**
 * For one test file: the same database on both engines, a SQLite file (migrated, seeded unless told
 * not to) and its copy in a real PostgreSQL server (db:copy's own code), each behind a Store.
 */
export function testStores(name: string, { seed = true }: { seed?: boolean } = {}): { store: (engine: Engine) => Store; readonly file: string; readonly pgUrl: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aftermath-${name}-`));
  const file = path.join(dir, "aftermath.db");
  const pg = testPostgres();
  let stores: Record<Engine, Store> | undefined;
  beforeAll(async () => {
    await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: TEST_SECRET }), seed });
    const source = new Database(file, { readonly: true });
    try {
      await copyToPostgres(source, pg.db);
    } finally {
      source.close();
    }
    stores = { sqlite: sqliteStore(file), postgres: postgresStore(pg.pool(6)) };
  }, 120_000);
  afterAll(async () => {
    // PostgreSQL's pool is the kit's, which ends it.
    await stores?.sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    store: (engine) => {
      if (!stores) throw new Error("the stores open in beforeAll: use them inside a test");
      return stores[engine];
    },
    file,
    get pgUrl() {
      return pg.url;
    },
  };
}
