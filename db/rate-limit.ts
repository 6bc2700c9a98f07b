import type Database from "better-sqlite3";
import { z } from "zod";
import type { Db } from "./client";

/**
 * A token bucket per key, kept in SQLite (table rate_bucket): `limit` requests at once, refilled at
 * `limit` per `windowMs`. One statement takes a token, so processes on the same database count
 * together without a lock of ours, and a restart forgets nothing. Clocked from outside for tests.
 */
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number; retryAfterSeconds: number };

// The refill, in SQL: what the bucket holds at :now, capped at the limit.
const REFILLED = "min(:limit, tokens + max(0, :now - at) * :perMs)";
const TAKE_SQL = `INSERT INTO rate_bucket (scope, key, tokens, at) VALUES (:scope, :key, :limit - 1, :now)
  ON CONFLICT (scope, key) DO UPDATE SET tokens = ${REFILLED} - 1, at = :now WHERE ${REFILLED} >= 1
  RETURNING tokens`;
const HELD_SQL = `SELECT ${REFILLED} AS tokens FROM rate_bucket WHERE scope = :scope AND key = :key`;
const FORGET_SQL = "DELETE FROM rate_bucket WHERE scope = :scope AND key = :key";
// Full buckets carry no state: dropping them keeps the table as small as the traffic of one window.
const PRUNE_SQL = `DELETE FROM rate_bucket WHERE scope = :scope AND ${REFILLED} >= :limit`;
const PRUNE_EVERY = 1000;

const held = z.object({ tokens: z.number() });
type Statements = { take: Database.Statement; held: Database.Statement; forget: Database.Statement; prune: Database.Statement };
const statements = new WeakMap<Database.Database, Statements>();

function prepared(client: Database.Database): Statements {
  let s = statements.get(client);
  if (!s) {
    s = { take: client.prepare(TAKE_SQL), held: client.prepare(HELD_SQL), forget: client.prepare(FORGET_SQL), prune: client.prepare(PRUNE_SQL) };
    statements.set(client, s);
  }
  return s;
}

export class RateLimiter {
  private readonly perMs: number;
  private takes = 0;

  constructor(
    private readonly db: Db,
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

  take(key: string, now: number): RateDecision {
    if (!this.enabled) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0, retryAfterSeconds: 0 };
    const s = prepared(this.db.$client);
    const args = { scope: this.scope, key, limit: this.limit, now, perMs: this.perMs };
    if (++this.takes % PRUNE_EVERY === 0) s.prune.run(args);
    const taken = s.take.get(args);
    const tokens = held.parse(taken ?? s.held.get(args)).tokens;
    const allowed = taken !== undefined;
    return {
      allowed,
      limit: this.limit,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil((this.limit - tokens) / this.perMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)),
    };
  }

  /** Forgets a key's bucket: it starts full again (the owner got in; its failures no longer count). */
  forget(key: string): void {
    if (this.enabled) prepared(this.db.$client).forget.run({ scope: this.scope, key });
  }
}
