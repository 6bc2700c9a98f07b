import { spawn } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Postgres, startPostgres } from "@/tests/support/postgres";
import { commandArgs } from "../../scripts/server-command";

// `npm run db:migrate` as several servers run it when they start together: every one succeeds and
// each migration is applied once. Seen failing without the advisory lock (db/pg/migrate.ts): the
// racing processes died creating the same tables ("duplicate key value violates unique constraint
// pg_type_typname_nsp_index").
let server: Postgres;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server?.stop());

function migrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...commandArgs("prepare-db"), "--no-seed"], { env: { ...process.env, NODE_ENV: "production", ...env } });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const journal = z.object({ entries: z.array(z.object({ tag: z.string() })) }).parse(JSON.parse(fs.readFileSync("db/pg/migrations/meta/_journal.json", "utf8")));

describe("npm run db:migrate on PostgreSQL", () => {
  it("applies each migration once when six processes start it at the same moment", async () => {
    const url = server.url.replace("postgres@", "postgres:secret-pass@");
    const runs = await Promise.all(Array.from({ length: 6 }, () => migrate({ DATABASE_URL: url })));
    for (const run of runs) {
      expect(run, run.output).toMatchObject({ code: 0 });
      expect(run.output).toContain("migrations applied");
      expect(run.output, "the password is never printed").not.toContain("secret-pass");
    }
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const applied = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
    const tables = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('incident', 'audit_entry', 'affected_response')");
    await client.end();
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
    expect(tables.rows[0]?.n).toBe(3);
  }, 120_000);

  it("seeds PostgreSQL as it seeds SQLite: the shipped incidents once, and a second run changes nothing", async () => {
    const prepare = async () => {
      const child = spawn(process.execPath, [...commandArgs("prepare-db")], { env: { ...process.env, NODE_ENV: "production", DATABASE_URL: server.url, LOOKUP_SECRET: "s".repeat(40) } });
      let output = "";
      child.stdout.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr.on("data", (c: Buffer) => (output += c.toString()));
      const code = await new Promise((resolve) => child.on("exit", resolve));
      return { code, output };
    };
    const counts = async () => {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        return (await client.query<{ incidents: number; audits: number }>("SELECT (SELECT count(*)::int FROM incident) AS incidents, (SELECT count(*)::int FROM audit_entry) AS audits")).rows[0];
      } finally {
        await client.end();
      }
    };
    const first = await prepare();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/seeded glm-5-3-kv-cache-exposure/);
    const seeded = await counts();
    expect(seeded?.incidents).toBeGreaterThan(0);
    const again = await prepare();
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/glm-5-3-kv-cache-exposure already present, left as it is/);
    expect(await counts()).toEqual(seeded);
  }, 120_000);
});
