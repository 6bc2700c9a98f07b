// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { affectedList } from "./affected-list";

export const affectedMeasure = pgTable(
  "affected_measure",
  {
    listId: integer("list_id").notNull(),
    measure: text("measure").notNull(),
    width: bigint("width", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    primaryKey({ name: "affected_measure_pk", columns: [t.listId, t.measure] }),
  ],
);
