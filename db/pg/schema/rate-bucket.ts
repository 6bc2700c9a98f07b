// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, doublePrecision, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

export const rateBucket = pgTable(
  "rate_bucket",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    tokens: doublePrecision("tokens").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "rate_bucket_pk", columns: [t.scope, t.key] }),
    index("rate_bucket_at_idx").on(t.at),
  ],
);
