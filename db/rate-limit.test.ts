import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { type Buckets, RateLimiter, sqliteBuckets } from "./rate-limit";
import { postgresBuckets } from "./pg/buckets";
import { testDatabase } from "@/tests/support/test-database";
import { testPostgres } from "@/tests/support/postgres";

// The same rules on both engines: a SQLite file (as one machine runs) and a real PostgreSQL server
// (as several do), each engine's statements taking the tokens.
const t = testDatabase("rate-limit");
const pg = testPostgres();

type Engine = {
  name: string;
  buckets: () => Buckets;
  /** Buckets over another connection (another process's, another machine's); `close` ends it. */
  other: () => { buckets: Buckets; close: () => Promise<void> };
  held: (scope: string) => Promise<number>;
};

const engines: Engine[] = [
  {
    name: "SQLite",
    buckets: () => sqliteBuckets(t.db),
    other: () => {
      const db = openDatabase(t.file);
      return { buckets: sqliteBuckets(db), close: async () => void db.$client.close() };
    },
    held: async (scope) => (t.db.$client.prepare("SELECT count(*) AS n FROM rate_bucket WHERE scope = ?").get(scope) as { n: number }).n,
  },
  {
    name: "PostgreSQL",
    buckets: () => postgresBuckets(pg.db),
    other: () => {
      const db = pg.pool(2);
      return { buckets: postgresBuckets(db), close: async () => undefined };
    },
    held: async (scope) => Number((await pg.db.$client.query("SELECT count(*) AS n FROM rate_bucket WHERE scope = $1", [scope])).rows[0].n),
  },
];

let scopes = 0;

describe.each(engines)("RateLimiter ($name)", (engine) => {
  /** A scope of its own for each limiter, so the tests share the database but no buckets. */
  const limiter = (limit: number, windowMs = 60_000) => new RateLimiter(engine.buckets(), `test-${++scopes}`, limit, windowMs);
  const allowed = async (l: RateLimiter, key: string, at: number) => (await l.take(key, at)).allowed;

  it("allows the limit at once, refuses the next with a Retry-After, and recovers", async () => {
    const l = limiter(3);
    for (let i = 0; i < 3; i++) expect(await allowed(l, "a", 0)).toBe(true);
    expect(await l.take("a", 1_000)).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 19 });
    expect(await allowed(l, "b", 1_000)).toBe(true);
    expect(await allowed(l, "a", 20_000)).toBe(true);
  });

  it("is off at limit 0 and writes nothing", async () => {
    const l = limiter(0);
    for (let i = 0; i < 100; i++) expect(await allowed(l, "a", 0)).toBe(true);
    expect(await engine.held(l.scope)).toBe(0);
  });

  it("counts across connections to the same database, as processes and machines do, and forgets nothing when one closes", async () => {
    const scope = `shared-${++scopes}`;
    const other = engine.other();
    try {
      const here = new RateLimiter(engine.buckets(), scope, 4);
      const there = new RateLimiter(other.buckets, scope, 4);
      const answers = [];
      for (const l of [here, there, here, there, here]) answers.push(await allowed(l, "k", 0));
      expect(answers).toEqual([true, true, true, true, false]);
    } finally {
      await other.close();
    }
    const reopened = engine.other();
    try {
      expect(await allowed(new RateLimiter(reopened.buckets, scope, 4), "k", 1)).toBe(false);
    } finally {
      await reopened.close();
    }
  });

  it("takes exactly the limit when a hundred requests race from two connections", async () => {
    const scope = `race-${++scopes}`;
    const other = engine.other();
    try {
      const limiters = [new RateLimiter(engine.buckets(), scope, 10), new RateLimiter(other.buckets, scope, 10)];
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => allowed(limiters[i % 2]!, "k", 0)));
      expect(answers.filter(Boolean)).toHaveLength(10);
    } finally {
      await other.close();
    }
  });

  it("forget starts a key's bucket full again", async () => {
    const l = limiter(1);
    expect(await allowed(l, "a", 0)).toBe(true);
    expect(await allowed(l, "a", 0)).toBe(false);
    await l.forget("a");
    expect(await allowed(l, "a", 0)).toBe(true);
  });

  it("never allows more than limit + refill in any window, for any request times", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 100 }),
        fc.integer({ min: 0, max: 300_000 }),
        async (limit, offsets, from) => {
          const times = [...offsets].sort((a, b) => a - b);
          const l = limiter(limit);
          const taken: number[] = [];
          for (const at of times) if (await allowed(l, "k", at)) taken.push(at);
          const inWindow = taken.filter((at) => at >= from && at < from + 60_000).length;
          expect(inWindow).toBeLessThanOrEqual(2 * limit);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it("drops full buckets as it goes, so the table stays as small as one window's traffic", async () => {
    const l = limiter(5, 1_000);
    for (let i = 0; i < 3000; i++) await l.take(`k${i}`, i * 1_000);
    expect(await engine.held(l.scope)).toBeLessThanOrEqual(1000);
  }, 60_000);
});
