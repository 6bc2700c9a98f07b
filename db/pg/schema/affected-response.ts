// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { affectedList } from "./affected-list";

export const affectedResponse = pgTable(
  "affected_response",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    listId: integer("list_id").notNull(),
    tenantKey: text("tenant_key").notNull(),
    requestId: text("request_id").notNull(),
    occurredAt: text("occurred_at"),
    m1: bigint("m1", { mode: "number" }),
    m2: bigint("m2", { mode: "number" }),
    m3: bigint("m3", { mode: "number" }),
    m4: bigint("m4", { mode: "number" }),
    role: text("role").notNull(),
    classes: bigint("classes", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    uniqueIndex("affected_response_list_id_tenant_key_request_id_role_idx").on(t.listId, t.tenantKey, t.requestId, t.role),
    index("affected_response_lookup_idx").on(t.listId, t.tenantKey, t.occurredAt, t.requestId, t.m1, t.m2, t.m3, t.m4, t.role, t.classes),
  ],
);
