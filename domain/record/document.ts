import { z } from "zod";
import { affectedSummarySchema } from "./affected";
import { incidentRecord } from "./record";
import { sourceUrl } from "./collections/sources";
import { upgradeV1, v1DocumentSchema } from "./document-v1";

/** Bumped whenever a field changes meaning or goes away; adding an optional field does not. */
export const SCHEMA_VERSION = 2;

const computedDuration = z.strictObject({
  key: z.string(),
  length: z.string(),
  approx: z.string().nullable(),
  basis: z.enum(["minute", "day", "month", "year", "stated"]),
  minutes: z.number(),
});

/** incident.json as exported: the importable record, the lengths computed from it (ignored on import), public counts. */
export const incidentDocumentSchema = z
  .strictObject({
    $schema: z.string().optional(),
    schemaVersion: z.literal(SCHEMA_VERSION),
    /** When the record was last changed in the database it was exported from; an import keeps it. */
    updatedAt: z.iso.datetime({ offset: false }).optional(),
    record: incidentRecord,
    computed: z.strictObject({ durations: z.array(computedDuration) }),
    affected: affectedSummarySchema.nullable(),
  })
  .superRefine(({ record }, ctx) => {
    // An import is a write: its addresses are held to what the API takes, not to what a database may hold.
    record.sources.forEach((s, i) => {
      for (const issue of s.url === null ? [] : (sourceUrl.safeParse(s.url).error?.issues ?? [])) {
        ctx.addIssue({ code: "custom", path: ["record", "sources", i, "url"], message: issue.message });
      }
    });
  });
export type IncidentDocument = z.infer<typeof incidentDocumentSchema>;

/** What an import reads: this version, or version 1 brought up to it. */
export const importableDocumentSchema = z.union([
  incidentDocumentSchema,
  v1DocumentSchema.transform((v1): IncidentDocument => ({ schemaVersion: SCHEMA_VERSION, ...upgradeV1(v1) })),
]);
