import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A lookup session ended at sign-out before its token expired (lookup/proof/session-end.ts). Sessions
 * are signed tokens the server keeps nothing of, so this list is what refuses one in every process;
 * a row is useless once its token has expired, and is swept then.
 */
export const lookupSessionEnd = sqliteTable(
  "lookup_session_end",
  {
    /** The random id the session's token carries; no account, no secret. */
    sessionId: text("session_id").primaryKey(),
    /** When the token expires anyway, in seconds since the epoch. */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("lookup_session_end_expires_at_idx").on(t.expiresAt)],
);
