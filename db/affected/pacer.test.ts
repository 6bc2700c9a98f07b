import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lockPacer } from "./pacer";

// Fake clocks: the pacer's decisions follow from the times it sees, not from this machine's speed.
beforeEach(() => vi.useFakeTimers({ toFake: ["performance", "setTimeout"] }));
afterEach(() => vi.useRealTimers());

/** One batch of `rows` whose transaction takes `ms` on the fake clock. */
const batchTaking = (pacer: ReturnType<typeof lockPacer>, rows: number, ms: number) =>
  pacer.batch(rows, async () => {
    vi.advanceTimersByTime(ms);
  });

describe("lockPacer", () => {
  it("sizes the next batch to hold the lock about 100 ms at the last batch's rate, within 250–10,000 rows", async () => {
    const pacer = lockPacer();
    await batchTaking(pacer, 1_000, 200);
    expect(pacer.size).toBe(500);
    await batchTaking(pacer, 500, 10);
    expect(pacer.size).toBe(5_000);
    await batchTaking(pacer, 5_000, 1);
    expect(pacer.size).toBe(10_000);
    await batchTaking(pacer, 10_000, 100_000);
    expect(pacer.size).toBe(250);
  });

  it("leaves the lock free for 30 ms after a batch before the next may start", async () => {
    const pacer = lockPacer();
    await pacer.turn();
    await batchTaking(pacer, 1_000, 50);
    let turned = false;
    const turn = pacer.turn().then(() => (turned = true));
    await vi.advanceTimersByTimeAsync(29);
    expect(turned).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await turn;
    expect(turned).toBe(true);
  });

  it("does not wait when the reading between batches already took longer than the gap", async () => {
    const pacer = lockPacer();
    await batchTaking(pacer, 1_000, 50);
    vi.advanceTimersByTime(40);
    let turned = false;
    const turn = pacer.turn().then(() => (turned = true));
    await vi.advanceTimersByTimeAsync(0);
    await turn;
    expect(turned).toBe(true);
  });

  it("counts a batch that throws, so the lock is still given its gap", async () => {
    const pacer = lockPacer();
    const failing = async () => {
      vi.advanceTimersByTime(100);
      throw new Error("busy");
    };
    await expect(pacer.batch(1_000, failing)).rejects.toThrow("busy");
    let turned = false;
    void pacer.turn().then(() => (turned = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(turned).toBe(false);
  });
});
