import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * A key that signs lookup links and the lookup sessions they open. The signing key is derived from
 * the lookup secret and this row's salt, so a copy of the table forges nothing; revoking a row
 * (npm run lookup:keys -- --rotate) invalidates every link and session it signed.
 */
export const lookupKey = sqliteTable(
  "lookup_key",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Random and public: each token names the key that signed it. */
    kid: text("kid").notNull(),
    salt: text("salt").notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("lookup_key_kid_idx").on(t.kid),
    // At most one key signs at a time (NULLs are distinct in a unique index, hence the expression).
    // drizzle-kit writes this expression's SQL wrongly: 0006_lookup_proof.sql was mended by hand.
    uniqueIndex("lookup_key_current_idx").on(sql`ifnull(${t.revokedAt}, '')`).where(sql`${t.revokedAt} IS NULL`),
  ],
);
