import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AFFECTED_ROLES } from "@/domain/record/constants";
import { affectedList } from "./affected-list";

/**
 * The index a request-id lookup seeks, one asked id at a time (lookup/rows.ts names it), so that it
 * reads no more for an account with many rows than for one with none.
 */
export const REQUEST_ID_INDEX = "affected_response_list_id_tenant_key_request_id_role_idx";

/** One affected response as one account saw it. The account id is kept only as a keyed hash. */
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
    occurredAt: text("occurred_at").notNull(),
    promptTokens: integer("prompt_tokens").notNull(),
    role: text("role", { enum: AFFECTED_ROLES }).notNull(),
  },
  (t) => [
    uniqueIndex(REQUEST_ID_INDEX).on(t.listId, t.tenantKey, t.requestId, t.role),
    // The lookup's own index: one account's rows in the answer's order, with every column it returns,
    // so a lookup reads this index alone; the counts of a new list are taken from it too.
    index("affected_response_lookup_idx").on(t.listId, t.tenantKey, t.occurredAt, t.requestId, t.promptTokens, t.role),
  ],
);
