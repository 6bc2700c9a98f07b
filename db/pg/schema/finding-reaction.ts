// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const findingReaction = pgTable(
  "finding_reaction",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    who: text("who").notNull(),
    affiliation: text("affiliation"),
    statement: text("statement").notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("finding_reaction_incident_id_position_idx").on(t.incidentId, t.position),
  ],
);
