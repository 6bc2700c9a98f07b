import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "@/config/env";
import { prepareDatabase } from "@/db/prepare";
import { TEST_SECRET } from "@/tests/support/test-database";
import { type Postgres, startPostgres } from "@/tests/support/postgres";
import { openPostgres } from "./connect";
import { sqliteTables } from "./generate";
import { commandArgs } from "../../scripts/server-command";

// npm run db:copy as an operator runs it: every seed's record, its sample lists, audit and
// translations land in PostgreSQL row for row, or nothing does.
let server: Postgres;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-db-copy-"));
const file = path.join(dir, "aftermath.db");
const AWKWARD = "tab\there, line\nbreak, back\\slash, return\r, утечка, 🔑";

beforeAll(async () => {
  server = await startPostgres();
  await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: TEST_SECRET }) });
  const db = new Database(file);
  db.prepare("INSERT INTO rate_bucket (scope, key, tokens, at) VALUES ('test', ?, 2.75, 1764800000000)").run(AWKWARD);
  db.close();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const copy = (to: string) =>
  spawnSync(process.execPath, [...commandArgs("db-copy"), "--to", to], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: file, LOOKUP_SECRET: TEST_SECRET },
  });

const tables = sqliteTables().map((t) => ({ name: getTableConfig(t).name, columns: getTableConfig(t).columns.map((c) => `"${c.name}"`).join(", ") }));
const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

async function contents(url: string): Promise<Record<string, string[]>> {
  const db = openPostgres(url, { max: 1 });
  try {
    const out: Record<string, string[]> = {};
    for (const t of tables) out[t.name] = sorted((await db.$client.query({ text: `SELECT ${t.columns} FROM "${t.name}"`, rowMode: "array" })).rows as unknown[][]);
    return out;
  } finally {
    await db.$client.end();
  }
}

function sqliteContents(): Record<string, string[]> {
  const db = new Database(file, { readonly: true });
  const out = Object.fromEntries(tables.map((t) => [t.name, sorted(db.prepare(`SELECT ${t.columns} FROM "${t.name}"`).raw().all() as unknown[][])]));
  db.close();
  return out;
}

async function admin(sql: string, url = server.url): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

describe("npm run db:copy", () => {
  it("copies every table row for row (texts with tabs, breaks and backslashes, reals, ids), and the next id follows the copied ones", async () => {
    const run = copy(server.url);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/copied \d+ rows in 29 tables/);
    const mine = sqliteContents();
    expect(mine.incident?.length).toBeGreaterThan(0);
    expect(mine.affected_response?.length).toBeGreaterThan(0);
    expect(await contents(server.url)).toEqual(mine);

    const db = openPostgres(server.url, { max: 1 });
    const next = await db.$client.query("INSERT INTO source (incident_id, number, publisher, title, published_on) SELECT id, 999, 'p', 't', '2026-12-03' FROM incident LIMIT 1 RETURNING id");
    const max = Math.max(...(mine.source ?? []).map((r) => Number((JSON.parse(r) as unknown[])[0])));
    await db.$client.end();
    expect(next.rows[0]?.id).toBe(max + 1);
  }, 120_000);

  it("refuses a database that already holds data, and changes nothing there", async () => {
    const before = await contents(server.url);
    const run = copy(server.url);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/already holds data .*empty database only; nothing was changed/);
    expect(await contents(server.url)).toEqual(before);
  }, 120_000);

  it("leaves no data in the target when a table fails late in the copy, and copies whole once it can", async () => {
    await admin("CREATE DATABASE second");
    const second = server.url.replace(/\/aftermath$/, "/second");
    const migrate = spawnSync(process.execPath, [...commandArgs("prepare-db"), "--no-seed"], { encoding: "utf8", env: { ...process.env, NODE_ENV: "production", DATABASE_URL: second } });
    expect(migrate.status, migrate.stderr).toBe(0);
    const mine = sqliteContents();
    const last = [...tables].reverse().find((t) => (mine[t.name]?.length ?? 0) > 0);
    if (!last) throw new Error("the seed fills no table");
    await admin(`CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full (a test)'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse BEFORE INSERT ON "${last.name}" FOR EACH ROW EXECUTE FUNCTION refuse()`, second);

    const failed = copy(second);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("disk full (a test)");
    expect(Object.values(await contents(second)).every((rows) => rows.length === 0)).toBe(true);

    await admin(`DROP TRIGGER refuse ON "${last.name}"`, second);
    expect(copy(second).status).toBe(0);
    expect(await contents(second)).toEqual(mine);
  }, 120_000);
});
