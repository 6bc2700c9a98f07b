import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { safeHref, writtenAsUri } from "@/lib/markdown/url";
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

const WEB = /^https?$/;
const EXAMPLE = "use an absolute http or https address, such as https://example.org/report";

/** What to write instead: the address percent-encoded, as a browser would send it, when it is one. */
function advice(input: unknown): string {
  const href = typeof input === "string" ? safeHref(input) : null;
  if (href === null || !/^https?:\/\//.test(href)) return EXAMPLE;
  return `write it as ${href}: an address carries no spaces, no <, >, " or \\ and no other character URLs do not allow, unless percent-encoded`;
}

/**
 * A source's address as the API, the editor and an import take it: an absolute http or https URL
 * as written, every character one a URL may carry (RFC 3986), so it is a link to exactly what was
 * typed, in every export. Anything else is refused with the address to write; never rewritten.
 */
const webUrl = z.url({ protocol: WEB, error: EXAMPLE });
export const sourceUrl = z.url({ protocol: WEB, error: (issue) => advice(issue.input) }).superRefine((value, ctx) => {
  // The format check above has said why when it is no web address at all.
  if (webUrl.safeParse(value).success && (!/^https?:\/\/[^/?#]/i.test(value) || !writtenAsUri(value))) ctx.addIssue({ code: "custom", message: advice(value) });
});

const sourceFields = {
  number: z.number().int().min(0),
  publisher: text,
  title: text,
  author: text.nullable(),
  publishedOn: isoDate,
  note: text.nullable(),
};

export const sourceSchema = z.strictObject({ ...sourceFields, url: sourceUrl.nullable() });
export type Source = z.infer<typeof sourceSchema>;

/**
 * A source as the database may hold it: one written before the check above may carry any address
 * URL's parser takes, so a record that holds one still reads, and every export percent-encodes it
 * (view/format.ts sourceHref). Only reads take this; every write takes sourceSchema.
 */
export const storedSourceSchema = z.strictObject({ ...sourceFields, url: webUrl.nullable() });

/** What the record cites: numbered as the source list numbers them, in that order. */
export const sources = defineCollection({
  table: source,
  schema: sourceSchema,
  stored: storedSourceSchema,
  subject: null,
  names: { one: "source", a: "a source", many: "Sources" },
  seedFile: "sources.json",
  order: source.number,
  fields: [
    { name: "number", label: "Number", kind: "number", hint: "the next free one, filled in; facts cite the source by it" },
    { name: "publisher", label: "Publisher", kind: "text" },
    { name: "title", label: "Title", kind: "text" },
    { name: "author", label: "Author (optional)", kind: "text", optional: true },
    { name: "publishedOn", label: "Published on", kind: "date", hint: "YYYY-MM-DD" },
    { name: "url", label: "URL (only if known)", kind: "text", optional: true },
    { name: "note", label: "Note (optional)", kind: "prose", optional: true, wide: true },
  ],
  line: (s) => `[${s.number}] ${s.title} — ${s.publisher}, ${s.publishedOn}`,
  name: (s) => `[${s.number}] ${s.title}`,
  next: (all) => ({ number: String(all.reduce((max, s) => Math.max(max, s.number), 0) + 1) }),
});
