import { type Buckets, heldOf } from "../rate-limit";
import { reachable } from "./unreachable";
import type { PgDb } from "./connect";

// SQLite's statements (db/rate-limit.ts) in PostgreSQL's words: one upsert takes a token, under the
// row lock of its bucket, so servers on one database count together. The refilled count, in SQL,
// from the parameters that hold the limit, the time and the refill per ms:
const refilled = (limit: string, now: string, perMs: string) => `least(${limit}::float8, rate_bucket.tokens + greatest(0, ${now}::bigint - rate_bucket.at) * ${perMs}::float8)`;
const REFILLED = refilled("$3", "$4", "$5");
const TAKE = `INSERT INTO rate_bucket (scope, key, tokens, at) VALUES ($1, $2, $3::float8 - 1, $4::bigint)
  ON CONFLICT (scope, key) DO UPDATE SET tokens = ${REFILLED} - 1, at = $4::bigint WHERE ${REFILLED} >= 1
  RETURNING tokens`;
const HELD = `SELECT ${REFILLED} AS tokens FROM rate_bucket WHERE scope = $1 AND key = $2`;
const FORGET = "DELETE FROM rate_bucket WHERE scope = $1 AND key = $2";
const PRUNE = `DELETE FROM rate_bucket WHERE scope = $1 AND ${refilled("$2", "$3", "$4")} >= $2::float8`;

/** PostgreSQL's buckets: each statement named, so every connection of the pool prepares it once. */
export function postgresBuckets(db: Pick<PgDb, "$client">): Buckets {
  const pool = db.$client;
  return {
    take: (b) =>
      reachable(async () => {
        const values = [b.scope, b.key, b.limit, b.now, b.perMs];
        const taken: unknown = (await pool.query({ name: "bucket-take", text: TAKE, values })).rows[0];
        const held: unknown = taken ?? (await pool.query({ name: "bucket-held", text: HELD, values })).rows[0];
        return { taken: taken !== undefined, tokens: heldOf(held) };
      }),
    forget: (b) => reachable(async () => void (await pool.query({ name: "bucket-forget", text: FORGET, values: [b.scope, b.key] }))),
    prune: (b) => reachable(async () => void (await pool.query({ name: "bucket-prune", text: PRUNE, values: [b.scope, b.limit, b.now, b.perMs] }))),
  };
}
