import { sql } from "drizzle-orm";
import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { PRECISIONS, formatPreciseTimeShort, isValidPreciseTime } from "@/lib/precise-time";
import { cited, citesField, defineCollection, itemColumns, positionColumn, positionIndex } from "../collection";
import { described, namesOf } from "../words";
import { cites, key, text } from "../common";
import { refusal } from "../../validation";
import { PHASES } from "../constants";

export const event = sqlite.sqliteTable(
  "event",
  {
    ...itemColumns(),
    /** Stable name within the incident, so duration claims and exports can refer to it. */
    key: sqlite.text("key").notNull(),
    /** UTC, written only as far as the precision goes: "2021-12", "2026-08-27", "2026-09-09T14:00Z". */
    at: sqlite.text("at"),
    precision: sqlite.text("precision", { enum: PRECISIONS }).notNull(),
    phase: sqlite.text("phase", { enum: PHASES }).notNull(),
    title: sqlite.text("title").notNull(),
    detail: sqlite.text("detail"),
    /** Breaks ties between events the timeline cannot order by time. */
    position: positionColumn(),
  },
  (t) => [
    sqlite.uniqueIndex("event_incident_id_key_idx").on(t.incidentId, t.key),
    positionIndex("event", t),
    sqlite.check(
      "event_at_matches_precision",
      sql`(${t.precision} = 'none' AND ${t.at} IS NULL) OR (${t.precision} = 'year' AND length(${t.at}) = 4)
        OR (${t.precision} = 'month' AND length(${t.at}) = 7) OR (${t.precision} = 'day' AND length(${t.at}) = 10)
        OR (${t.precision} = 'minute' AND length(${t.at}) = 17)`,
    ),
  ],
);

/** A dated event; its time is written only as far as its precision goes ("2026-09", "2026-09-09T14:00Z"). */
export const eventSchema = z
  .strictObject({
    key,
    at: z.string().nullable(),
    precision: z.enum(PRECISIONS),
    phase: z.enum(PHASES),
    title: text,
    detail: text.nullable(),
    cites,
  })
  .superRefine((e, ctx) => {
    if (!isValidPreciseTime(e)) {
      const said = e.precision === "none" ? { key: "validation.record.noTime" } : { key: "validation.record.precise", values: { at: e.at ?? "", precision: e.precision } };
      ctx.addIssue({ code: "custom", path: ["at"], ...refusal(said) });
    }
  });
export type Event = z.infer<typeof eventSchema>;

export const events = defineCollection({
  table: event,
  schema: eventSchema,
  subject: "event",
  names: namesOf("events"),
  seedFile: "events.json",
  order: event.position,
  fields: described("events", [
    { name: "key", kind: "text", madeFrom: "title" },
    { name: "precision", kind: "select", options: PRECISIONS, initial: "minute" },
    { name: "at", kind: "time" },
    { name: "phase", kind: "select", options: PHASES, initial: "response" },
    { name: "title", kind: "text" },
    citesField,
    { name: "detail", kind: "prose", optional: true, wide: true },
  ]),
  line: (e) => `${formatPreciseTimeShort(e)} · ${e.phase} · ${e.title}${cited(e)}`,
  name: (e) => e.title,
  key: (e) => e.key,
});
