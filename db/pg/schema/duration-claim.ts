// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { bigint, check, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { event } from "./event";
import { incident } from "./incident";

export const durationClaim = pgTable(
  "duration_claim",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    key: text("key").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    label: text("label").notNull(),
    role: text("role"),
    kind: text("kind").notNull(),
    fromEventId: integer("from_event_id"),
    toEventId: integer("to_event_id"),
    statedMinutes: bigint("stated_minutes", { mode: "number" }),
    approximate: integer("approximate").notNull().default(0),
    countedBy: text("counted_by").notNull(),
    method: text("method").notNull(),
    note: text("note"),
    contestsId: integer("contests_id"),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    foreignKey({ columns: [t.fromEventId], foreignColumns: [event.id] }).onDelete("restrict"),
    foreignKey({ columns: [t.toEventId], foreignColumns: [event.id] }).onDelete("restrict"),
    foreignKey({ columns: [t.contestsId], foreignColumns: [t.id] }).onDelete("set null"),
    uniqueIndex("duration_claim_incident_id_key_idx").on(t.incidentId, t.key),
    uniqueIndex("duration_claim_incident_id_role_idx").on(t.incidentId, t.role),
    index("duration_claim_incident_id_position_idx").on(t.incidentId, t.position),
    check("duration_claim_kind_fields", sql`("kind" = 'interval' AND "from_event_id" IS NOT NULL AND "to_event_id" IS NOT NULL AND "stated_minutes" IS NULL) OR ("kind" = 'stated' AND "stated_minutes" > 0 AND "from_event_id" IS NULL AND "to_event_id" IS NULL)`),
  ],
);
