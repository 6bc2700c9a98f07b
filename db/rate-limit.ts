import type Database from "better-sqlite3";
import { z } from "zod";
import type { Db } from "./client";

/**
 * A token bucket per key, kept in the database (table rate_bucket): `limit` requests at once,
 * refilled at `limit` per `windowMs`. One statement takes a token, so processes and machines on the
 * same database count together without a lock of ours, and a restart forgets nothing. Clocked from outside for tests.
 */
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number; retryAfterSeconds: number };

/** One bucket's arguments: which, its size and refill, and the time of the request. */
export type BucketArgs = { scope: string; key: string; limit: number; now: number; perMs: number };

/** Each engine's statements for the buckets (this file's for SQLite, db/pg/buckets.ts for PostgreSQL). */
export type Buckets = {
  /** Takes a token if the refilled bucket holds one; says what it holds after (null: refused, and the bucket was gone when read). */
  take(b: BucketArgs): Promise<{ taken: boolean; tokens: number | null }>;
  forget(b: Pick<BucketArgs, "scope" | "key">): Promise<void>;
  /** Drops the scope's full buckets: they carry no state. */
  prune(b: Omit<BucketArgs, "key">): Promise<void>;
};

// The refill, in SQL: what the bucket holds at :now, capped at the limit.
const REFILLED = "min(:limit, tokens + max(0, :now - at) * :perMs)";
const TAKE_SQL = `INSERT INTO rate_bucket (scope, key, tokens, at) VALUES (:scope, :key, :limit - 1, :now)
  ON CONFLICT (scope, key) DO UPDATE SET tokens = ${REFILLED} - 1, at = :now WHERE ${REFILLED} >= 1
  RETURNING tokens`;
const HELD_SQL = `SELECT ${REFILLED} AS tokens FROM rate_bucket WHERE scope = :scope AND key = :key`;
const FORGET_SQL = "DELETE FROM rate_bucket WHERE scope = :scope AND key = :key";
const PRUNE_SQL = `DELETE FROM rate_bucket WHERE scope = :scope AND ${REFILLED} >= :limit`;

const heldTokens = z.object({ tokens: z.number() });
/** A bucket's count as read; null when there was no row to read. */
export const heldOf = (row: unknown): number | null => (row === undefined ? null : heldTokens.parse(row).tokens);
const made = new WeakMap<Database.Database, Buckets>();

/** SQLite's buckets: statements compiled once per connection. */
export function sqliteBuckets(db: Pick<Db, "$client">): Buckets {
  const client = db.$client;
  const found = made.get(client);
  if (found) return found;
  const s = { take: client.prepare(TAKE_SQL), held: client.prepare(HELD_SQL), forget: client.prepare(FORGET_SQL), prune: client.prepare(PRUNE_SQL) };
  const buckets: Buckets = {
    take: async (b) => {
      const taken = s.take.get(b);
      return { taken: taken !== undefined, tokens: heldOf(taken ?? s.held.get(b)) };
    },
    forget: async (b) => void s.forget.run(b),
    prune: async (b) => void s.prune.run(b),
  };
  made.set(client, buckets);
  return buckets;
}

const PRUNE_EVERY = 1000;

export class RateLimiter {
  private readonly perMs: number;
  private takes = 0;

  constructor(
    private readonly buckets: Buckets,
    /** Names this limit in the table; two limiters of one scope share their buckets. */
    readonly scope: string,
    readonly limit: number,
    readonly windowMs: number = 60_000,
  ) {
    this.perMs = limit / windowMs;
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  async take(key: string, now: number): Promise<RateDecision> {
    if (!this.enabled) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0, retryAfterSeconds: 0 };
    const args = { scope: this.scope, key, limit: this.limit, now, perMs: this.perMs };
    if (++this.takes % PRUNE_EVERY === 0) await this.buckets.prune({ scope: this.scope, limit: this.limit, now, perMs: this.perMs });
    const { taken: allowed, tokens: held } = await this.buckets.take(args);
    // Refused, and the bucket gone before its count was read (forgotten or pruned meanwhile): it is full again.
    const tokens = held ?? this.limit;
    return {
      allowed,
      limit: this.limit,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil((this.limit - tokens) / this.perMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)),
    };
  }

  /** Forgets a key's bucket: it starts full again (the owner got in; its failures no longer count). */
  async forget(key: string): Promise<void> {
    if (this.enabled) await this.buckets.forget({ scope: this.scope, key });
  }
}
