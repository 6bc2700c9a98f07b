import { sql } from "drizzle-orm";
import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { cited, citesField, defineCollection, itemColumns, positionColumn, positionIndex } from "../collection";
import { described, namesOf } from "../words";
import { cites, text } from "../common";

export const figure = sqlite.sqliteTable(
  "figure",
  {
    ...itemColumns(),
    position: positionColumn(),
    value: sqlite.text("value").notNull(),
    unit: sqlite.text("unit"),
    label: sqlite.text("label").notNull(),
    note: sqlite.text("note"),
    headline: sqlite.integer("headline", { mode: "boolean" }).notNull().default(false),
    threshold: sqlite.integer("threshold"),
  },
  (t) => [
    positionIndex("figure", t),
    // Unqualified: drizzle-kit rebuilds this table under another name, and a qualified name would keep it.
    sqlite.check("figure_threshold_positive", sql`"threshold" IS NULL OR "threshold" > 0`),
  ],
);

/** One line of the "in numbers" list, its value kept as the source states it ("1.2%", "about 2 million"). */
export const figureSchema = z.strictObject({
  value: text,
  unit: text.nullable(),
  label: text,
  note: text.nullable(),
  /** Shown on the incident's card on the front page. */
  headline: z.boolean().default(false),
  /** A prompt length, in tokens, drawn as a reference line on the prompt-length chart. */
  threshold: z.number().int().positive().nullable().default(null),
  cites,
});
export type Figure = z.infer<typeof figureSchema>;

export const figures = defineCollection({
  table: figure,
  schema: figureSchema,
  subject: "figure",
  names: namesOf("figures"),
  seedFile: "figures.json",
  order: figure.position,
  fields: described("figures", [
    { name: "value", kind: "text" },
    { name: "unit", kind: "text", optional: true },
    { name: "label", kind: "text" },
    citesField,
    { name: "threshold", kind: "number", optional: true, needsList: true },
    { name: "headline", kind: "checkbox" },
    { name: "note", kind: "prose", optional: true, wide: true },
  ]),
  line: (f) => `${f.value}${f.unit ? ` ${f.unit}` : ""} · ${f.label}${cited(f)}`,
  name: (f) => f.label,
});
