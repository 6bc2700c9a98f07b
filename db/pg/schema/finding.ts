// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const finding = pgTable(
  "finding",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    assessor: text("assessor").notNull(),
    assessedOn: text("assessed_on").notNull(),
    statement: text("statement").notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("finding_incident_id_position_idx").on(t.incidentId, t.position),
  ],
);
