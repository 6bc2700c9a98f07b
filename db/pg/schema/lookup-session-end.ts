// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";

export const lookupSessionEnd = pgTable(
  "lookup_session_end",
  {
    sessionId: text("session_id").notNull().primaryKey(),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [
    index("lookup_session_end_expires_at_idx").on(t.expiresAt),
  ],
);
