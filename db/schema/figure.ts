import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { incident } from "./incident";

/** One line of the "in numbers" list, its value kept as the source states it ("128K", "2.04 million"). */
export const figure = sqliteTable(
  "figure",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    value: text("value").notNull(),
    unit: text("unit"),
    label: text("label").notNull(),
    note: text("note"),
  },
  (t) => [index("figure_incident_id_position_idx").on(t.incidentId, t.position)],
);

export type Figure = typeof figure.$inferSelect;
