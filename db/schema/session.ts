import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { user } from "./user";

/** A signed-in browser. Only a hash of the cookie's random id is stored, so a copy of the table signs no one in. */
export const session = sqliteTable(
  "session",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);
