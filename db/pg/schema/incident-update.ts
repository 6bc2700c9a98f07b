// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const incidentUpdate = pgTable(
  "incident_update",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    at: text("at").notNull(),
    status: text("status").notNull(),
    body: text("body").notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("incident_update_incident_id_at_idx").on(t.incidentId, t.at),
  ],
);
