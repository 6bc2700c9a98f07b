import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "@/domain/errors";
import { testPostgres } from "@/tests/support/postgres";
import { postgresStore } from "./store";
import type { Store } from "../store/store";

// PostgreSQL going away under a running server: every query says "unavailable" (the edge's 503
// with Retry-After), never a raw error (a 500); once it is back the same pool answers again, on its own.
const pg = testPostgres({ own: true });
let store: Store;
// The kit ends the pool and removes the server after the file.
beforeAll(() => {
  store = postgresStore(pg.pool(4));
});

const one = z.object({ n: z.number() });
const ask = () => store.q.row(one, sql`SELECT count(*) AS n FROM incident`);
const unavailable = async (work: () => Promise<unknown>) => {
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof DomainError ? error.code : error;
};

describe("a store whose PostgreSQL goes away", () => {
  it("says unavailable while the server is down, for a statement, a read and a write, and answers again once it is back", async () => {
    expect(await ask()).toEqual({ n: 0 });
    pg.server.kill();
    await new Promise((r) => setTimeout(r, 200));
    expect(await unavailable(ask)).toBe("unavailable");
    expect(await unavailable(() => store.read((tx) => tx.row(one, sql`SELECT 1 AS n`)))).toBe("unavailable");
    expect(await unavailable(() => store.write((tx) => tx.exec(sql`DELETE FROM rate_bucket`)))).toBe("unavailable");
    await pg.server.restart();
    let answer: unknown = null;
    for (let i = 0; i < 50 && answer === null; i++) answer = await ask().catch(() => new Promise((r) => setTimeout(() => r(null), 100)));
    expect(answer).toEqual({ n: 0 });
    expect(await store.write((tx) => tx.exec(sql`DELETE FROM rate_bucket`))).toBe(0);
  }, 60_000);

  it("tells a writer whose COMMIT got no answer that the change may have been saved, not that nothing was", async () => {
    const lost = await store
      .write(async (tx) => {
        await tx.exec(sql`INSERT INTO rate_bucket (scope, key, tokens, at) VALUES ('t', 'k', 1, 0)`);
        pg.server.kill();
        await new Promise((r) => setTimeout(r, 200));
      })
      .catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(DomainError);
    expect(lost).toMatchObject({ code: "unavailable", key: "problems.commitUnknown" });
    await pg.server.restart();
  }, 60_000);
});
