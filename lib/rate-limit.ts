/**
 * A token bucket per key: `limit` requests at once, refilled at `limit` per `windowMs`. Pure and
 * clocked from outside, so tests can drive time. Memory stays bounded: full buckets are forgotten.
 */
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number; retryAfterSeconds: number };

type Bucket = { tokens: number; at: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly limit: number,
    readonly windowMs: number = 60_000,
    private readonly maxKeys: number = 100_000,
  ) {
    this.perMs = limit / windowMs;
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  take(key: string, now: number): RateDecision {
    if (!this.enabled) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0, retryAfterSeconds: 0 };
    const bucket = this.refill(key, now);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.prune(now);
    const missing = this.limit - bucket.tokens;
    return {
      allowed,
      limit: this.limit,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: Math.ceil(missing / this.perMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)),
    };
  }

  /** Forgets a key's bucket: it starts full again (the owner got in; its failures no longer count). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  private refill(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.limit, at: now };
    const tokens = Math.min(this.limit, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
    return { tokens, at: now };
  }

  /** Drops buckets that have refilled (they carry no state); if that is not enough, the oldest. */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.limit) this.buckets.delete(key);
    }
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(key);
    }
  }
}
