import { z } from "zod";
import { safeHref, writtenAsUri } from "@/lib/markdown/url";
import { isoDate, text } from "./common";

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
