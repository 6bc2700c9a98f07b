import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { incident } from "./incident";

/** One line of the "in numbers" list, its value kept as the source states it ("128K", "2.04 million"). */
export const figure = sqliteTable(
  "figure",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    value: text("value").notNull(),
    unit: text("unit"),
    label: text("label").notNull(),
    note: text("note"),
    /** Shown on the incident's card on the front page. */
    headline: integer("headline", { mode: "boolean" }).notNull().default(false),
    /** A prompt length in tokens, drawn as a reference line on the prompt-length chart. */
    threshold: integer("threshold"),
  },
  (t) => [
    index("figure_incident_id_position_idx").on(t.incidentId, t.position),
    // Unqualified: drizzle-kit rebuilds this table under another name, and a qualified name would keep it.
    check("figure_threshold_positive", sql`"threshold" IS NULL OR "threshold" > 0`),
  ],
);

export type Figure = typeof figure.$inferSelect;
