import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { incident } from "./incident";

/** What others said of the findings. */
export const findingReaction = sqliteTable(
  "finding_reaction",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    who: text("who").notNull(),
    affiliation: text("affiliation"),
    statement: text("statement").notNull(),
  },
  (t) => [index("finding_reaction_incident_id_position_idx").on(t.incidentId, t.position)],
);

export type FindingReaction = typeof findingReaction.$inferSelect;
