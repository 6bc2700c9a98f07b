import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { cited, citesField, defineCollection, itemColumns, positionColumn, positionIndex } from "../collection";
import { described, namesOf } from "../words";
import { cites, isoDate, text } from "../common";

export const finding = sqlite.sqliteTable(
  "finding",
  {
    ...itemColumns(),
    position: positionColumn(),
    assessor: sqlite.text("assessor").notNull(),
    assessedOn: sqlite.text("assessed_on").notNull(),
    statement: sqlite.text("statement").notNull(),
  },
  (t) => [positionIndex("finding", t)],
);

/** A third party's assessment, e.g. NIST CAISI's. */
export const findingSchema = z.strictObject({
  assessor: text,
  assessedOn: isoDate,
  statement: text,
  cites,
});
export type Finding = z.infer<typeof findingSchema>;

export const findings = defineCollection({
  table: finding,
  schema: findingSchema,
  subject: "finding",
  names: namesOf("findings"),
  seedFile: "findings.json",
  order: finding.position,
  fields: described("findings", [
    { name: "assessor", kind: "text" },
    { name: "assessedOn", kind: "date" },
    citesField,
    { name: "statement", kind: "prose", wide: true },
  ]),
  line: (f) => `${f.assessor}, ${f.assessedOn}: ${f.statement}${cited(f)}`,
  name: (f) => f.assessor,
});
