import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { TOKEN_SCOPES } from "@/domain/access";

/** A bearer token for /api/v1, stored as a hash; the token itself is shown once, when made. */
export const apiToken = sqliteTable(
  "api_token",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    scope: text("scope", { enum: TOKEN_SCOPES }).notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    revokedAt: text("revoked_at"),
  },
  (t) => [uniqueIndex("api_token_name_idx").on(t.name), uniqueIndex("api_token_token_hash_idx").on(t.tokenHash)],
);
