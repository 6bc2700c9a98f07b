import { describe, expect, it, vi } from "vitest";
import { testPostgres } from "@/tests/support/postgres";
import { postgresGeneration } from "./generation";

// What every page and lookup asks before it trusts what it holds, on PostgreSQL, on a real server
// (lib/fresh-read.test.ts proves the sharing never hands a caller a read older than its call).
const pg = testPostgres();
const audit = (db = pg.db) => db.$client.query<{ id: number }>("INSERT INTO audit_entry (actor, action, entity) VALUES ('test', 'update', 'incident') RETURNING id");

describe("postgresGeneration", () => {
  it("is the newest audit entry's id, a change through another connection seen at the next ask", async () => {
    const generation = postgresGeneration(pg.db);
    const before = await generation();
    const other = pg.pool(1);
    const { rows } = await audit(other);
    expect(await generation()).toBe(rows[0]?.id);
    expect(rows[0]?.id).toBeGreaterThan(before);
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
