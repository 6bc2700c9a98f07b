import "server-only";
import { bucketsOf } from "@/db/buckets";
import { RateLimiter } from "@/db/rate-limit";
import type { Store } from "@/db/store/store";

/** Whether a message may go now, or how long to hold it back (ms). */
export type Pace = (domain: string, now: number) => Promise<{ go: true } | { go: false; waitMs: number }>;

// A rate below one a second is a bucket of one token over a longer window (0.5/s: 1 per 2 s).
const perSecond = (store: Store, scope: string, rate: number) => new RateLimiter(bucketsOf(store), scope, Math.max(1, rate), (1000 * Math.max(1, rate)) / rate);

/**
 * Messages a second in all and per recipient domain, counted in the database's rate buckets, so
 * every worker on it paces together. A rate of 0 holds everything back.
 */
export function pacer(store: Store, rate: { all: number; perDomain: number }): Pace {
  if (rate.all <= 0 || rate.perDomain <= 0) return async () => ({ go: false, waitMs: 60_000 });
  const all = perSecond(store, "outbox-all", rate.all);
  const domain = perSecond(store, "outbox-domain", rate.perDomain);
  return async (name, now) => {
    for (const [limiter, key] of [[domain, name], [all, "all"]] as const) {
      const d = await limiter.take(key, now);
      if (!d.allowed) return { go: false, waitMs: d.retryAfterSeconds * 1000 };
    }
    return { go: true };
  };
}
