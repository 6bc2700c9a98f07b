import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { formatPreciseTimeShort, isValidPreciseTime } from "@/lib/precise-time";
import { defineCollection, itemColumns } from "../collection";
import { described, namesOf } from "../words";
import { sourceNumber, text } from "../common";
import { refusal } from "../../validation";
import { UPDATE_STATUSES } from "../constants";

export const incidentUpdate = sqlite.sqliteTable(
  "incident_update",
  {
    ...itemColumns(),
    /** UTC to the minute ("2026-09-09T14:05Z"), as an event of minute precision is written. */
    at: sqlite.text("at").notNull(),
    status: sqlite.text("status", { enum: UPDATE_STATUSES }).notNull(),
    /** Markdown. */
    body: sqlite.text("body").notNull(),
  },
  (t) => [sqlite.index("incident_update_incident_id_at_idx").on(t.incidentId, t.at)],
);

const minute = z.string().refine((at) => isValidPreciseTime({ at, precision: "minute" }), refusal({ key: "validation.record.minute" }));

/**
 * A public update posted while an incident is open ("investigating", "identified"…), before any
 * postmortem exists: the provider's own words, so a source is optional.
 */
export const updateSchema = z.strictObject({
  at: minute,
  status: z.enum(UPDATE_STATUSES),
  body: text,
  cites: z.array(sourceNumber).default([]),
});
export type Update = z.infer<typeof updateSchema>;

export const updates = defineCollection({
  table: incidentUpdate,
  schema: updateSchema,
  subject: "incident_update",
  names: namesOf("updates"),
  seedFile: "updates.json",
  order: incidentUpdate.at,
  fields: described("updates", [
    { name: "status", kind: "select", options: UPDATE_STATUSES, initial: "investigating" },
    { name: "at", kind: "time", precision: "minute" },
    { name: "cites", kind: "cites", optional: true },
    { name: "body", kind: "prose", wide: true },
  ]),
  line: (u) => `${formatPreciseTimeShort({ at: u.at, precision: "minute" })} · ${u.status}: ${u.body}`,
  name: (u) => `${u.status} at ${formatPreciseTimeShort({ at: u.at, precision: "minute" })}`,
});
