// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { bigint, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const affectedList = pgTable(
  "affected_list",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    state: text("state").notNull(),
    sample: integer("sample").notNull(),
    note: text("note"),
    rows: integer("rows").notNull(),
    total: bigint("total", { mode: "number" }).notNull().default(0),
    firstAt: text("first_at"),
    lastAt: text("last_at"),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    touchedAt: text("touched_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("affected_list_live_idx").on(t.incidentId).where(sql`"state" = 'live'`),
    index("affected_list_incident_id_idx").on(t.incidentId),
  ],
);
