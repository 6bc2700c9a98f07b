// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { affectedList } from "./affected-list";

export const affectedRoleCount = pgTable(
  "affected_role_count",
  {
    listId: integer("list_id").notNull(),
    role: text("role").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    primaryKey({ name: "affected_role_count_pk", columns: [t.listId, t.role] }),
  ],
);
