import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { defineCollection, itemColumns } from "../collection";
import { isoDate, text } from "../common";

export const source = sqlite.sqliteTable(
  "source",
  {
    ...itemColumns(),
    /** The reference number readers see, e.g. [3]. */
    number: sqlite.integer("number").notNull(),
    publisher: sqlite.text("publisher").notNull(),
    title: sqlite.text("title").notNull(),
    author: sqlite.text("author"),
    publishedOn: sqlite.text("published_on").notNull(),
    url: sqlite.text("url"),
    note: sqlite.text("note"),
  },
  (t) => [
    sqlite.uniqueIndex("source_incident_id_number_idx").on(t.incidentId, t.number),
    sqlite.index("source_incident_id_idx").on(t.incidentId),
  ],
);

export const sourceSchema = z.strictObject({
  number: z.number().int().min(0),
  publisher: text,
  title: text,
  author: text.nullable(),
  publishedOn: isoDate,
  /** Only web addresses: a source link must never be able to run script or load data inline. */
  url: z.url({ protocol: /^https?$/, error: "use an http or https address" }).nullable(),
  note: text.nullable(),
});
export type Source = z.infer<typeof sourceSchema>;

/** What the record cites: numbered as the source list numbers them, in that order. */
export const sources = defineCollection({
  table: source,
  schema: sourceSchema,
  subject: null,
  names: { one: "source", a: "a source", many: "Sources" },
  seedFile: "sources.json",
  order: source.number,
  fields: [
    { name: "number", label: "Number", kind: "number" },
    { name: "publisher", label: "Publisher", kind: "text" },
    { name: "title", label: "Title", kind: "text" },
    { name: "author", label: "Author (optional)", kind: "text", optional: true },
    { name: "publishedOn", label: "Published on", kind: "date", hint: "YYYY-MM-DD" },
    { name: "url", label: "URL (only if known)", kind: "text", optional: true },
    { name: "note", label: "Note (optional)", kind: "prose", optional: true, wide: true },
  ],
  line: (s) => `[${s.number}] ${s.title} — ${s.publisher}, ${s.publishedOn}`,
  name: (s) => `[${s.number}] ${s.title}`,
});
