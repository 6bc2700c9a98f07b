// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { affectedList } from "./affected-list";

export const affectedClassCount = pgTable(
  "affected_class_count",
  {
    listId: integer("list_id").notNull(),
    dataClass: text("data_class").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    primaryKey({ name: "affected_class_count_pk", columns: [t.listId, t.dataClass] }),
  ],
);
