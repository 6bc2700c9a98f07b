import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Db, openDatabase } from "@/db/client";
import { readEnv } from "@/config/env";
import { prepareDatabase } from "@/db/prepare";

/** The LOOKUP_SECRET of every test database made here. */
export const TEST_SECRET = "t".repeat(40);

/**
 * For one test file: a migrated, unseeded database in a temp dir of its own, opened before the
 * tests (as the server keeps its connection open) and removed after them.
 */
export function testDatabase(name: string): { readonly db: Db; file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aftermath-${name}-`));
  const file = path.join(dir, "aftermath.db");
  let db: Db | undefined;
  beforeAll(async () => {
    await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: TEST_SECRET }), seed: false });
    db = openDatabase(file);
  });
  afterAll(() => {
    db?.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    file,
    dir,
    get db() {
      if (!db) throw new Error("the test database is opened in beforeAll: use it inside a test");
      return db;
    },
  };
}
