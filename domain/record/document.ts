import { z } from "zod";
import { affectedSummarySchema } from "./affected";
import { incidentRecord } from "./record";
import { sourceUrl } from "./collections/sources";
import { upgradeV1, v1DocumentSchema } from "./document-v1";
import { upgradeSummaryV2, v2SummarySchema } from "./document-v2";
import type { Locale } from "@/i18n/locales";
import { type TextSubject, localeSchema, recordTranslationsSchema, translationProblems } from "./translation";

/** Bumped whenever a field changes meaning or goes away; adding an optional field does not. 3: the counts by the keys of the list's shape. */
export const SCHEMA_VERSION = 3;

const computedDuration = z.strictObject({
  key: z.string(),
  length: z.string(),
  approx: z.string().nullable(),
  basis: z.enum(["minute", "day", "month", "year", "stated"]),
  minutes: z.number(),
});

const documentFields = {
  $schema: z.string().optional(),
  /** When the record was last changed in the database it was exported from; an import keeps it. */
  updatedAt: z.iso.datetime({ offset: false }).optional(),
  record: incidentRecord,
  computed: z.strictObject({ durations: z.array(computedDuration) }),
  /** The language of the record's own texts ("en" when left out), and its texts in other languages (translation.ts); an import keeps both. */
  textLocale: localeSchema.optional(),
  translations: recordTranslationsSchema.optional(),
};

type Checked = { record: z.infer<typeof incidentRecord>; textLocale?: z.infer<typeof localeSchema>; translations?: z.infer<typeof recordTranslationsSchema> };

// An import is a write: its addresses are held to what the API takes, not to what a database may
// hold; and its translations name only what its record has.
const checkAddresses = ({ record, textLocale = "en", translations = {} }: Checked, ctx: z.RefinementCtx) => {
  record.sources.forEach((s, i) => {
    for (const issue of s.url === null ? [] : (sourceUrl.safeParse(s.url).error?.issues ?? [])) {
      ctx.addIssue({ code: "custom", path: ["record", "sources", i, "url"], message: issue.message });
    }
  });
  for (const locale of localeSchema.options) {
    const t = translations[locale];
    for (const p of t ? translationProblems(record, textLocale, locale, t) : []) ctx.addIssue({ code: "custom", path: ["translations", locale, ...p.path], message: p.message });
  }
};

/** incident.json as exported: the importable record, the lengths computed from it (ignored on import), public counts. */
export const incidentDocumentSchema = z
  .strictObject({ schemaVersion: z.literal(SCHEMA_VERSION), ...documentFields, affected: affectedSummarySchema.nullable() })
  .superRefine(checkAddresses);
export type IncidentDocument = z.infer<typeof incidentDocumentSchema>;

const v2DocumentSchema = z.strictObject({ schemaVersion: z.literal(2), ...documentFields, affected: v2SummarySchema.nullable() }).superRefine(checkAddresses);

/** What an import reads: this version, or an earlier one brought up to it. */
export const importableDocumentSchema = z.union([
  incidentDocumentSchema,
  v2DocumentSchema.transform(({ affected, ...v2 }): IncidentDocument => ({
    ...v2,
    schemaVersion: SCHEMA_VERSION,
    affected: affected && upgradeSummaryV2(affected, v2.record.affectedShape),
  })),
  v1DocumentSchema.transform((v1): IncidentDocument => {
    const { affected, ...rest } = upgradeV1(v1);
    return { schemaVersion: SCHEMA_VERSION, ...rest, affected: affected && upgradeSummaryV2(affected, null) };
  }),
]);

/** Where incident.json holds a text, as an RFC 6901 pointer: a page fetches a translation's original from there. */
export type TextPlace = { subject: "incident" } | { subject: Exclude<TextSubject, "incident">; index: number; ref: string };
const token = (s: string | number) => String(s).replace(/~/g, "~0").replace(/\//g, "~1");
export function textPointer(place: TextPlace, field: string, lang: Locale | "own"): string {
  const path =
    lang === "own"
      ? ["record", place.subject, ...(place.subject === "incident" ? [] : [place.index]), field]
      : ["translations", lang, place.subject, ...(place.subject === "incident" ? [] : [place.ref]), field];
  return path.map((p) => `/${token(p)}`).join("");
}
