import { z } from "zod";
import { AFFECTED_ROLES } from "@/domain/record/constants";
import { incidentRecord } from "./record";

/** Bumped whenever a field changes meaning or goes away; adding an optional field does not. */
export const SCHEMA_VERSION = 1;

const count = z.number().int().min(0);

export const affectedSummarySchema = z
  .strictObject({
    sample: z.boolean(),
    note: z.string().min(1).nullable(),
    total: count,
    byRole: z.strictObject(Object.fromEntries(AFFECTED_ROLES.map((r) => [r, count])) as Record<(typeof AFFECTED_ROLES)[number], typeof count>),
    perDay: z.array(
      z.strictObject({ day: z.iso.date(), label: z.string(), recipient: count, exposed: count, total: count }),
    ),
    promptTokens: z.array(z.strictObject({ from: count, to: count, count })),
  })
  .refine((s) => s.byRole.recipient + s.byRole.exposed === s.total, "byRole must add up to total")
  .refine((s) => s.perDay.reduce((n, d) => n + d.total, 0) === s.total, "perDay must add up to total");

export type AffectedSummary = z.infer<typeof affectedSummarySchema>;

/** incident.json as exported: the importable record, the computed lengths (ignored on import), counts. */
export const incidentDocumentSchema = z.strictObject({
  $schema: z.string().optional(),
  schemaVersion: z.literal(SCHEMA_VERSION),
  record: incidentRecord,
  computed: z.strictObject({
    durations: z.array(
      z.strictObject({
        key: z.string(),
        length: z.string(),
        approx: z.string().nullable(),
        basis: z.enum(["minute", "day", "month", "year", "stated"]),
        minutes: z.number(),
      }),
    ),
  }),
  affected: affectedSummarySchema.nullable(),
});
