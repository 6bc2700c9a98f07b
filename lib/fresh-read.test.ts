import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { freshRead } from "./fresh-read";

describe("freshRead", () => {
  it("gives every caller a read begun after it called, for any interleaving of calls and answers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 12 }), async (s, callers) => {
        let begun = 0;
        // Each read answers with the number of reads begun when it began, at a moment the scheduler picks.
        const shared = freshRead(() => {
          const n = ++begun;
          return s.schedule(Promise.resolve(n), `read ${n}`);
        });
        const asked: Array<{ before: number; got: Promise<number> }> = [];
        const calls = s.scheduleSequence(
          Array.from({ length: callers }, (_, i) => ({
            label: `caller ${i}`,
            builder: async () => {
              asked.push({ before: begun, got: shared() });
            },
          })),
        );
        await s.waitFor(calls.task);
        const got = await s.waitFor(Promise.all(asked.map((a) => a.got)));
        asked.forEach((a, i) => expect(got[i]).toBeGreaterThan(a.before));
        expect(begun).toBeLessThanOrEqual(callers);
      }),
      { numRuns: 300 },
    );
  });

  it("sends two reads for a crowd: the first caller's, and one shared by all that came while it was out", async () => {
    let reads = 0;
    const release: Array<() => void> = [];
    const shared = freshRead(() => new Promise<number>((resolve) => release.push(() => resolve(++reads))));
    const crowd = Array.from({ length: 10 }, () => shared());
    expect(release).toHaveLength(1);
    release[0]?.();
    await new Promise((r) => setImmediate(r));
    expect(release).toHaveLength(2);
    release[1]?.();
    expect(await Promise.all(crowd)).toEqual([1, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it("lets a failed read fail its callers only, and the next caller read again", async () => {
    let n = 0;
    const shared = freshRead(async () => {
      if (++n === 1) throw new Error("connection lost");
      return n;
    });
    await expect(shared()).rejects.toThrow("connection lost");
    expect(await shared()).toBe(2);
  });
});
