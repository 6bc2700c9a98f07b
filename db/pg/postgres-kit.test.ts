import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Postgres, startPostgres } from "@/tests/support/postgres";

// The kit itself: a real server, not a mock, that a test can restart and that loses nothing committed.
let server: Postgres;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server?.stop());

describe("the PostgreSQL test server", () => {
  it("answers, keeps what was committed across a restart, and is PostgreSQL 15", async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const version = await client.query<{ server_version: string }>("SHOW server_version");
    expect(version.rows[0]?.server_version).toMatch(/^15\./);
    await client.query("CREATE TABLE kept (n int)");
    await client.query("INSERT INTO kept VALUES (1)");
    await client.end();
    await server.restart();
    const again = new pg.Client({ connectionString: server.url });
    await again.connect();
    expect((await again.query("SELECT count(*)::int AS n FROM kept")).rows).toEqual([{ n: 1 }]);
    await again.end();
  }, 60_000);
});
