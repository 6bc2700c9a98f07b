import { describe, expect, it, vi } from "vitest";
import { testPostgres } from "@/tests/support/postgres";
import { postgresGeneration } from "./generation";

// What every page and lookup asks before it trusts what it holds, on PostgreSQL, on a real server
// (lib/fresh-read.test.ts proves the sharing never hands a caller a read older than its call).
const pg = testPostgres();
const audit = (db = pg.db) => db.$client.query<{ id: number }>("INSERT INTO audit_entry (actor, action, entity) VALUES ('test', 'update', 'incident') RETURNING id");

describe("postgresGeneration", () => {
  it("moves on with every change, one made through another connection seen at the next ask", async () => {
    const generation = postgresGeneration(pg.db);
    const before = await generation();
    await audit(pg.pool(1));
    expect(await generation()).toBe(before + 1);
  });

  it("moves on when a change that took its audit id first commits last", async () => {
    const generation = postgresGeneration(pg.db);
    const [first, second] = [await pg.pool(1).$client.connect(), await pg.pool(1).$client.connect()];
    const insert = "INSERT INTO audit_entry (actor, action, entity) VALUES ('test', 'update', 'incident')";
    await first.query("BEGIN");
    await first.query(insert);
    await second.query("BEGIN");
    // The later change waits for the earlier one's commit (the counter's row), so none can be seen before it.
    const later = second.query(insert).then(() => second.query("COMMIT"));
    await new Promise((r) => setTimeout(r, 200));
    const seen = await generation();
    await first.query("COMMIT");
    await later;
    expect(await generation()).toBe(seen + 2);
    first.release();
    second.release();
  });

  it("never answers a request with a number older than the last change committed before it asked", async () => {
    const generation = postgresGeneration(pg.db);
    const writer = pg.pool(1);
    let committed = 0;
    const stale: Array<[number, number]> = [];
    const writes = (async () => {
      for (let i = 0; i < 60; i++) committed = (await audit(writer)).rows[0]?.id ?? 0;
    })();
    const asks = Array.from({ length: 300 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i % 50));
      const known = committed;
      const seen = await generation();
      if (seen < known) stale.push([seen, known]);
    });
    await Promise.all([writes, ...asks]);
    expect(stale).toEqual([]);
  });

  it("sends two reads for a crowd of requests that ask together: the first's, and one shared by the rest", async () => {
    const db = pg.pool(4);
    const generation = postgresGeneration(db);
    const query = vi.spyOn(db.$client, "query");
    const answers = await Promise.all(Array.from({ length: 200 }, () => generation()));
    expect(new Set(answers).size).toBe(1);
    expect(query.mock.calls.length).toBe(2);
  });
});
