import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit";

describe("RateLimiter", () => {
  it("allows the limit at once, refuses the next with a Retry-After, and recovers", () => {
    const limiter = new RateLimiter(3, 60_000);
    expect([0, 0, 0].map((t) => limiter.take("a", t).allowed)).toEqual([true, true, true]);
    const refused = limiter.take("a", 1_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 19 });
    expect(limiter.take("b", 1_000).allowed).toBe(true);
    expect(limiter.take("a", 20_000).allowed).toBe(true);
  });

  it("is off at limit 0", () => {
    const limiter = new RateLimiter(0);
    expect(Array.from({ length: 1000 }, () => limiter.take("a", 0).allowed).every(Boolean)).toBe(true);
  });

  it("never allows more than limit + refill in any window, for any request times", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 300 }),
        fc.integer({ min: 0, max: 300_000 }),
        (limit, offsets, from) => {
          const times = [...offsets].sort((a, b) => a - b);
          const limiter = new RateLimiter(limit, 60_000);
          const allowed = times.filter((t) => limiter.take("k", t).allowed);
          const window = 60_000;
          const inWindow = allowed.filter((t) => t >= from && t < from + window).length;
          expect(inWindow).toBeLessThanOrEqual(2 * limit);
        },
      ),
    );
  });

  it("forgets full buckets, so memory stays bounded", () => {
    const limiter = new RateLimiter(5, 60_000, 10);
    for (let i = 0; i < 100; i++) limiter.take(`k${i}`, i * 60_000);
    expect((limiter as unknown as { buckets: Map<string, unknown> }).buckets.size).toBeLessThanOrEqual(11);
  });
});
