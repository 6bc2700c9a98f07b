// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

export const apiToken = pgTable(
  "api_token",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    scope: text("scope").notNull(),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_token_name_idx").on(t.name),
    uniqueIndex("api_token_token_hash_idx").on(t.tokenHash),
  ],
);
