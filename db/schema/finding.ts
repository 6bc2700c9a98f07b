import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { incident } from "./incident";

/** A third party's assessment, e.g. NIST CAISI's. */
export const finding = sqliteTable(
  "finding",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    assessor: text("assessor").notNull(),
    assessedOn: text("assessed_on").notNull(),
    statement: text("statement").notNull(),
  },
  (t) => [index("finding_incident_id_position_idx").on(t.incidentId, t.position)],
);

export type Finding = typeof finding.$inferSelect;
