// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { affectedList } from "./affected-list";

export const affectedDay = pgTable(
  "affected_day",
  {
    listId: integer("list_id").notNull(),
    day: text("day").notNull(),
    role: text("role").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    primaryKey({ name: "affected_day_pk", columns: [t.listId, t.day, t.role] }),
  ],
);
