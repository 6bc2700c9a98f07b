// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { bigint, check, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const event = pgTable(
  "event",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    key: text("key").notNull(),
    at: text("at"),
    precision: text("precision").notNull(),
    phase: text("phase").notNull(),
    title: text("title").notNull(),
    detail: text("detail"),
    position: bigint("position", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("event_incident_id_key_idx").on(t.incidentId, t.key),
    index("event_incident_id_position_idx").on(t.incidentId, t.position),
    check("event_at_matches_precision", sql`("precision" = 'none' AND "at" IS NULL) OR ("precision" = 'year' AND length("at") = 4) OR ("precision" = 'month' AND length("at") = 7) OR ("precision" = 'day' AND length("at") = 10) OR ("precision" = 'minute' AND length("at") = 17)`),
  ],
);
