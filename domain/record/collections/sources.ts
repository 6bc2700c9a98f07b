import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { safeHref, writtenAsUri } from "@/lib/markdown/url";
import { defineCollection, itemColumns } from "../collection";
import { described, namesOf } from "../words";
import { isoDate, text } from "../common";
import type { Said } from "../../said";
import { refusal } from "../../validation";

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

/** What to write instead: the address percent-encoded, as a browser would send it, when it is one. */
function advice(input: unknown): Said {
  const href = typeof input === "string" ? safeHref(input) : null;
  return href === null || !/^https?:\/\//.test(href) ? { key: "validation.url" } : { key: "validation.urlWriteAs", values: { href } };
}

/**
 * A source's address as the API, the editor and an import take it: an absolute http or https URL
 * as written, every character one a URL may carry (RFC 3986), so it is a link to exactly what was
 * typed, in every export. Anything else is refused with the address to write; never rewritten.
 */
const webUrl = z.url({ protocol: WEB });
export const sourceUrl = z.url({ protocol: WEB }).superRefine((value, ctx) => {
  // The format check above has said why when it is no web address at all (domain/validation.ts).
  if (webUrl.safeParse(value).success && (!/^https?:\/\/[^/?#]/i.test(value) || !writtenAsUri(value))) ctx.addIssue({ code: "custom", ...refusal(advice(value)) });
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
  names: namesOf("sources"),
  seedFile: "sources.json",
  order: source.number,
  fields: described("sources", [
    { name: "number", kind: "number" },
    { name: "publisher", kind: "text" },
    { name: "title", kind: "text" },
    { name: "author", kind: "text", optional: true },
    { name: "publishedOn", kind: "date" },
    { name: "url", kind: "text", optional: true },
    { name: "note", kind: "prose", optional: true, wide: true },
  ]),
  line: (s) => `[${s.number}] ${s.title} — ${s.publisher}, ${s.publishedOn}`,
  name: (s) => `[${s.number}] ${s.title}`,
  next: (all) => ({ number: String(all.reduce((max, s) => Math.max(max, s.number), 0) + 1) }),
});
