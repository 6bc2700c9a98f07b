import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { cited, citesField, defineCollection, itemColumns, positionColumn, positionIndex } from "../collection";
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
  names: { one: "finding", a: "a finding", many: "Findings" },
  seedFile: "findings.json",
  order: finding.position,
  fields: [
    { name: "assessor", label: "Assessor", kind: "text" },
    { name: "assessedOn", label: "Assessed on", kind: "date", hint: "YYYY-MM-DD" },
    citesField,
    { name: "statement", label: "Finding", kind: "prose", wide: true },
  ],
  line: (f) => `${f.assessor}, ${f.assessedOn}: ${f.statement}${cited(f)}`,
  name: (f) => f.assessor,
});
