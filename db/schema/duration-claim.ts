import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DURATION_KINDS, DURATION_ROLES } from "@/domain/record/constants";
import { event } from "./event";
import { incident } from "./incident";

/**
 * A labelled length and who counts it. An interval names its two events and the app computes the
 * length; only a stated claim (a length given without endpoints) stores minutes.
 */
export const durationClaim = sqliteTable(
  "duration_claim",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    /** What this length stands for in the lead and on the front page; one claim per role. */
    role: text("role", { enum: DURATION_ROLES }),
    kind: text("kind", { enum: DURATION_KINDS }).notNull(),
    fromEventId: integer("from_event_id").references(() => event.id, { onDelete: "restrict" }),
    toEventId: integer("to_event_id").references(() => event.id, { onDelete: "restrict" }),
    statedMinutes: integer("stated_minutes"),
    approximate: integer("approximate", { mode: "boolean" }).notNull().default(false),
    countedBy: text("counted_by").notNull(),
    method: text("method").notNull(),
    note: text("note"),
    /** The claim this one disagrees with; both are kept and shown together. */
    contestsId: integer("contests_id").references((): AnySQLiteColumn => durationClaim.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("duration_claim_incident_id_key_idx").on(t.incidentId, t.key),
    uniqueIndex("duration_claim_incident_id_role_idx").on(t.incidentId, t.role),
    index("duration_claim_incident_id_position_idx").on(t.incidentId, t.position),
    check(
      "duration_claim_kind_fields",
      sql`(${t.kind} = 'interval' AND ${t.fromEventId} IS NOT NULL AND ${t.toEventId} IS NOT NULL AND ${t.statedMinutes} IS NULL)
        OR (${t.kind} = 'stated' AND ${t.statedMinutes} > 0 AND ${t.fromEventId} IS NULL AND ${t.toEventId} IS NULL)`,
    ),
  ],
);

export type DurationClaim = typeof durationClaim.$inferSelect;
