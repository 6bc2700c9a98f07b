import fs from "node:fs";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Postgres, startPostgres } from "@/tests/support/postgres";
import { testDatabase } from "@/tests/support/test-database";
import { pgSchemaFiles } from "./generate";

// The two engines' schemas kept in step: PostgreSQL's tables are written from SQLite's, and both
// engines' migrations, applied to real databases, give the same tables with the same columns,
// the same nullability and the same indexes.
const t = testDatabase("pg-schema");
let server: Postgres;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server?.stop());

// SQLite's full-text index (its texts, stems and shadow tables, kept by triggers) and the migrator's own tables are each engine's own.
const OWN = /^(sqlite_|search_(text|doc|stem)|__drizzle|aftermath_)/;
const column = z.object({ table: z.string(), name: z.string(), notnull: z.coerce.number() });

describe("PostgreSQL's schema", () => {
  it("is what db/pg/generate.ts writes from SQLite's tables now (run npm run db:generate)", () => {
    const written = Object.fromEntries(fs.readdirSync("db/pg/schema").map((name) => [name, fs.readFileSync(`db/pg/schema/${name}`, "utf8")]));
    expect(written).toEqual(pgSchemaFiles());
  });

  it("migrated on a real PostgreSQL server, has SQLite's tables, columns, nullability and indexes", async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await migrate(drizzle({ client }), { migrationsFolder: "db/pg/migrations" });
    const pgColumns = (await client.query("SELECT table_name AS table, column_name AS name, (is_nullable = 'NO')::int AS notnull FROM information_schema.columns WHERE table_schema = 'public'")).rows;
    const pgIndexes = (await client.query("SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'")).rows.map((r: { name: string }) => r.name);
    // SQLite's inserts name a new row's id as NULL: every table with an id takes the next one (migration 0002).
    const identities = (await client.query("SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES' ORDER BY 1")).rows;
    const nextIds = (await client.query("SELECT event_object_table AS name FROM information_schema.triggers WHERE trigger_name = event_object_table || '_next_id' ORDER BY 1")).rows;
    await client.end();
    const sqliteColumns = t.db.$client
      .prepare(`SELECT m.name AS "table", c.name AS name, c."notnull" AS "notnull" FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table'`)
      .all();
    const sqliteIndexes = t.db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").pluck().all();
    const norm = (rows: unknown[]) => z.array(column).parse(rows).filter((c) => !OWN.test(c.table)).map((c) => `${c.table}.${c.name} ${c.notnull ? "not null" : "null"}`).sort();
    expect(norm(pgColumns)).toEqual(norm(sqliteColumns));
    const named = z.array(z.string()).parse(sqliteIndexes).filter((n) => !OWN.test(n));
    for (const index of named) expect(pgIndexes, index).toContain(index);
    expect(nextIds).toEqual(identities);
    expect(identities.length).toBeGreaterThan(20);
  }, 60_000);
});
