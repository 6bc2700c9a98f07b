import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { RateLimiter } from "./rate-limit";
import { testDatabase } from "@/tests/support/test-database";

const t = testDatabase("rate-limit");
let scopes = 0;
/** A scope of its own for each limiter, so the tests share the file but no buckets. */
const limiter = (limit: number, windowMs = 60_000) => new RateLimiter(t.db, `test-${++scopes}`, limit, windowMs);

describe("RateLimiter (SQLite)", () => {
  it("allows the limit at once, refuses the next with a Retry-After, and recovers", () => {
    const l = limiter(3);
    expect([0, 0, 0].map((at) => l.take("a", at).allowed)).toEqual([true, true, true]);
    expect(l.take("a", 1_000)).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 19 });
    expect(l.take("b", 1_000).allowed).toBe(true);
    expect(l.take("a", 20_000).allowed).toBe(true);
  });

  it("is off at limit 0 and writes nothing", () => {
    const l = limiter(0);
    expect(Array.from({ length: 100 }, () => l.take("a", 0).allowed).every(Boolean)).toBe(true);
    expect(t.db.$client.prepare("SELECT count(*) AS n FROM rate_bucket WHERE scope = ?").get(l.scope)).toEqual({ n: 0 });
  });

  it("counts across connections to the same file, as processes do, and survives a reopen", () => {
    const scope = `shared-${++scopes}`;
    const other = openDatabase(t.file);
    try {
      const here = new RateLimiter(t.db, scope, 4);
      const there = new RateLimiter(other, scope, 4);
      const answers = [here, there, here, there, here].map((l) => l.take("k", 0).allowed);
      expect(answers).toEqual([true, true, true, true, false]);
    } finally {
      other.$client.close();
    }
    const reopened = openDatabase(t.file);
    try {
      expect(new RateLimiter(reopened, scope, 4).take("k", 1).allowed).toBe(false);
    } finally {
      reopened.$client.close();
    }
  });

  it("forget starts a key's bucket full again", () => {
    const l = limiter(1);
    expect(l.take("a", 0).allowed).toBe(true);
    expect(l.take("a", 0).allowed).toBe(false);
    l.forget("a");
    expect(l.take("a", 0).allowed).toBe(true);
  });

  it("never allows more than limit + refill in any window, for any request times", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 200 }),
        fc.integer({ min: 0, max: 300_000 }),
        (limit, offsets, from) => {
          const times = [...offsets].sort((a, b) => a - b);
          const l = limiter(limit);
          const allowed = times.filter((at) => l.take("k", at).allowed);
          const inWindow = allowed.filter((at) => at >= from && at < from + 60_000).length;
          expect(inWindow).toBeLessThanOrEqual(2 * limit);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("drops full buckets as it goes, so the table stays as small as one window's traffic", () => {
    const l = limiter(5, 1_000);
    for (let i = 0; i < 3000; i++) l.take(`k${i}`, i * 1_000);
    const { n } = t.db.$client.prepare("SELECT count(*) AS n FROM rate_bucket WHERE scope = ?").get(l.scope) as { n: number };
    expect(n).toBeLessThanOrEqual(1000);
  });
});
