// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { bigint, check, foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const figure = pgTable(
  "figure",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    value: text("value").notNull(),
    unit: text("unit"),
    label: text("label").notNull(),
    note: text("note"),
    headline: integer("headline").notNull().default(0),
    threshold: bigint("threshold", { mode: "number" }),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("figure_incident_id_position_idx").on(t.incidentId, t.position),
    check("figure_threshold_positive", sql`"threshold" IS NULL OR "threshold" > 0`),
  ],
);
