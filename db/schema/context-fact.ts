import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { incident } from "./incident";

/** Background a reader needs (the model, its price), grouped by topic. */
export const contextFact = sqliteTable(
  "context_fact",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    topic: text("topic").notNull(),
    statement: text("statement").notNull(),
  },
  (t) => [index("context_fact_incident_id_position_idx").on(t.incidentId, t.position)],
);

export type ContextFact = typeof contextFact.$inferSelect;
