import { setTimeout as sleep } from "node:timers/promises";

/**
 * A large import shares SQLite's one write lock with every other writer, in other processes too.
 * SQLite's busy handler retries a waiting writer at most 25 ms apart in its first 128 ms of waiting;
 * so a batch holds the lock for about TARGET_MS and then leaves it free for at least GAP_MS, long
 * enough for a writer that began waiting during the batch to get in (measured: waits of ~100 ms).
 */
const TARGET_MS = 100;
const GAP_MS = 30;
const MIN_ROWS = 250;
const MAX_ROWS = 10_000;

export type Pacer = {
  /** Rows for the next batch: as many as fit in TARGET_MS at the rate of the last one. */
  readonly size: number;
  /** Resolves once the lock has been free for GAP_MS since the last batch. */
  turn(): Promise<void>;
  /** Runs one batch's transaction, timed, to size the next. */
  batch<T>(rows: number, work: () => Promise<T>): Promise<T>;
};

export function lockPacer(): Pacer {
  let size = 1_000;
  let freedAt = Number.NEGATIVE_INFINITY;
  return {
    get size() {
      return size;
    },
    async turn() {
      const wait = freedAt + GAP_MS - performance.now();
      if (wait > 0) await sleep(wait);
    },
    async batch(rows, work) {
      const started = performance.now();
      try {
        return await work();
      } finally {
        freedAt = performance.now();
        const perRowMs = Math.max(freedAt - started, 1) / Math.max(rows, 1);
        size = Math.min(MAX_ROWS, Math.max(MIN_ROWS, Math.round(TARGET_MS / perRowMs)));
      }
    },
  };
}
