import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A token bucket of a rate limit (db/rate-limit.ts): kept in the database so every server process
 * on it counts together and a restart forgets nothing. Keys are keyed hashes or addresses, never an
 * account id or an email.
 */
export const rateBucket = sqliteTable(
  "rate_bucket",
  {
    /** Which limit: "lookup-client", "signin-pair", … */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    tokens: real("tokens").notNull(),
    /** When `tokens` was last taken from, in ms since the epoch. */
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ name: "rate_bucket_pk", columns: [t.scope, t.key] }), index("rate_bucket_at_idx").on(t.at)],
);
