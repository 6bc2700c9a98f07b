import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { formatPreciseTimeShort, isValidPreciseTime } from "@/lib/precise-time";
import { defineCollection, itemColumns } from "../collection";
import { sourceNumber, text } from "../common";
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

const minute = z.string().refine((at) => isValidPreciseTime({ at, precision: "minute" }), "a UTC time to the minute, like 2026-09-09T14:05Z");

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
  names: { one: "update", a: "an update", many: "Updates" },
  seedFile: "updates.json",
  order: incidentUpdate.at,
  fields: [
    { name: "status", label: "Status", kind: "select", options: UPDATE_STATUSES, initial: "investigating" },
    { name: "at", label: "Posted at", kind: "time", precision: "minute", hint: "in the time zone below: now, 14:02 (today) or 2026-12-01 14:02" },
    { name: "cites", label: "Cites (optional)", kind: "cites", optional: true, hint: "source numbers, e.g. 0 3" },
    { name: "body", label: "Update", kind: "prose", wide: true, hint: "what readers should know now, in Markdown" },
  ],
  line: (u) => `${formatPreciseTimeShort({ at: u.at, precision: "minute" })} · ${u.status}: ${u.body}`,
  name: (u) => `${u.status} at ${formatPreciseTimeShort({ at: u.at, precision: "minute" })}`,
});
