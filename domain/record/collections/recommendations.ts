import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { cited, citesField, defineCollection, itemColumns, positionColumn, positionIndex } from "../collection";
import { described, namesOf } from "../words";
import { cites, text } from "../common";
import { RECOMMENDATION_AUDIENCES, RECOMMENDATION_STATUSES } from "../constants";

export const recommendation = sqlite.sqliteTable(
  "recommendation",
  {
    ...itemColumns(),
    position: positionColumn(),
    audience: sqlite.text("audience", { enum: RECOMMENDATION_AUDIENCES }).notNull(),
    text: sqlite.text("text").notNull(),
    status: sqlite.text("status", { enum: RECOMMENDATION_STATUSES }).notNull(),
    answeredByLookup: sqlite.integer("answered_by_lookup", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [positionIndex("recommendation", t)],
);

/** Advice to tenants, the provider's remediation, and what to watch next. */
export const recommendationSchema = z.strictObject({
  audience: z.enum(RECOMMENDATION_AUDIENCES),
  text,
  status: z.enum(RECOMMENDATION_STATUSES),
  /** Advice the incident's own lookup carries out ("check whether your account was affected"): the lookup page does not give it as a thing to do, and the record's page links it to the lookup. */
  answeredByLookup: z.boolean().default(false),
  cites,
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendations = defineCollection({
  table: recommendation,
  schema: recommendationSchema,
  subject: "recommendation",
  names: namesOf("recommendations"),
  seedFile: "recommendations.json",
  order: recommendation.position,
  fields: described("recommendations", [
    { name: "audience", kind: "select", options: RECOMMENDATION_AUDIENCES },
    { name: "status", kind: "select", options: RECOMMENDATION_STATUSES },
    citesField,
    { name: "text", kind: "prose", wide: true },
    { name: "answeredByLookup", kind: "checkbox" },
  ]),
  line: (r) => `${r.audience} · ${r.status}: ${r.text}${cited(r)}`,
  name: (r) => r.text,
});
