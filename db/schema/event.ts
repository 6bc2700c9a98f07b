import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PHASES } from "@/domain/record/constants";
import { PRECISIONS } from "@/lib/precise-time";
import { incident } from "./incident";

export const event = sqliteTable(
  "event",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    /** Stable name within the incident, so duration claims and exports can refer to it. */
    key: text("key").notNull(),
    /** UTC, written only as far as the precision goes: "2021-12", "2026-08-27", "2026-09-09T14:00Z". */
    at: text("at"),
    precision: text("precision", { enum: PRECISIONS }).notNull(),
    phase: text("phase", { enum: PHASES }).notNull(),
    title: text("title").notNull(),
    detail: text("detail"),
    /** Breaks ties between events the timeline cannot order by time. */
    position: integer("position").notNull(),
  },
  (t) => [
    uniqueIndex("event_incident_id_key_idx").on(t.incidentId, t.key),
    index("event_incident_id_position_idx").on(t.incidentId, t.position),
    check(
      "event_at_matches_precision",
      sql`(${t.precision} = 'none' AND ${t.at} IS NULL) OR (${t.precision} = 'year' AND length(${t.at}) = 4)
        OR (${t.precision} = 'month' AND length(${t.at}) = 7) OR (${t.precision} = 'day' AND length(${t.at}) = 10)
        OR (${t.precision} = 'minute' AND length(${t.at}) = 17)`,
    ),
  ],
);

export type Event = typeof event.$inferSelect;
