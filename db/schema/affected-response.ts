import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { affectedList } from "./affected-list";

/**
 * The index a request-id lookup seeks, one asked id at a time (lookup/rows.ts names it), so that it
 * reads no more for an account with many rows than for one with none.
 */
export const REQUEST_ID_INDEX = "affected_response_list_id_tenant_key_request_id_role_idx";

/** How many whole-number measures a row may carry (the shape's, in its order: m1…m4). */
export const MEASURE_COLUMNS = ["m1", "m2", "m3", "m4"] as const;

/**
 * One affected row as one account saw it, in its incident's shape. The account id is kept only as a
 * keyed hash. A shape without request ids stores "" (one row per account and role); without time, null.
 */
export const affectedResponse = sqliteTable(
  "affected_response",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    listId: integer("list_id")
      .notNull()
      .references(() => affectedList.id, { onDelete: "cascade" }),
    /** HMAC-SHA-256 of the account id under the lookup secret, hex. */
    tenantKey: text("tenant_key").notNull(),
    requestId: text("request_id").notNull(),
    /** An instant (ISO 8601, Z) or a day (YYYY-MM-DD), as the shape's time says; null when it has none. */
    occurredAt: text("occurred_at"),
    m1: integer("m1"),
    m2: integer("m2"),
    m3: integer("m3"),
    m4: integer("m4"),
    role: text("role").notNull(),
    /** The row's data classes: bit i is the shape's class i (at most 32). */
    classes: integer("classes").notNull().default(0),
  },
  (t) => [
    uniqueIndex(REQUEST_ID_INDEX).on(t.listId, t.tenantKey, t.requestId, t.role),
    // The lookup's own index: one account's rows in the answer's order, with every column it returns,
    // so a lookup reads this index alone; the counts of a new list are taken from it too.
    index("affected_response_lookup_idx").on(t.listId, t.tenantKey, t.occurredAt, t.requestId, t.m1, t.m2, t.m3, t.m4, t.role, t.classes),
  ],
);
