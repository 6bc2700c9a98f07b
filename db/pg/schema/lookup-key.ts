// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

export const lookupKey = pgTable(
  "lookup_key",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kid: text("kid").notNull(),
    salt: text("salt").notNull(),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("lookup_key_kid_idx").on(t.kid),
    uniqueIndex("lookup_key_current_idx").on(sql`coalesce("revoked_at", '')`).where(sql`"revoked_at" IS NULL`),
  ],
);
