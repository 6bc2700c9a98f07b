// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./user";

export const session = pgTable(
  "session",
  {
    idHash: text("id_hash").notNull().primaryKey(),
    userId: integer("user_id").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    lastSeenAt: bigint("last_seen_at", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.userId], foreignColumns: [user.id] }).onDelete("cascade"),
    index("session_user_id_idx").on(t.userId),
  ],
);
