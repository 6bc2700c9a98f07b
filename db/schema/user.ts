import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { USER_ROLES } from "@/domain/access";

/** An editor or admin. There is no default account: `npm run user:add` makes each one. */
export const user = sqliteTable(
  "user",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Lower-cased, so sign-in does not depend on how it was typed. */
    email: text("email").notNull(),
    /** scrypt, self-describing: "scrypt$N$r$p$salt$hash". */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [uniqueIndex("user_email_idx").on(t.email)],
);
