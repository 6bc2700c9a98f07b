// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const recommendation = pgTable(
  "recommendation",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    audience: text("audience").notNull(),
    text: text("text").notNull(),
    status: text("status").notNull(),
    answeredByLookup: integer("answered_by_lookup").notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("recommendation_incident_id_position_idx").on(t.incidentId, t.position),
  ],
);
