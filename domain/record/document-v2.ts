import { z } from "zod";
import type { AffectedShape } from "./affected-shape";
import { type AffectedSummary, affectedSummarySchema } from "./affected";

// The affected counts as version 2 wrote them (before a list's shape was data: two fixed roles, one
// measure), read so that no export published before version 3 is lost.

const count = z.number().int().min(0);
export const v2SummarySchema = z.strictObject({
  sample: z.boolean(),
  note: z.string().trim().min(1).nullable(),
  total: count,
  byRole: z.strictObject({ recipient: count, exposed: count }),
  firstAt: z.iso.datetime({ offset: false }).nullable(),
  lastAt: z.iso.datetime({ offset: false }).nullable(),
  perDay: z.array(z.strictObject({ day: z.iso.date(), recipient: count, exposed: count })),
  promptTokens: z.strictObject({ bucket: z.number().int().positive(), counts: z.array(z.strictObject({ from: count, count })) }).nullable(),
});
export type V2Summary = z.infer<typeof v2SummarySchema>;

/** Version 2's one measure was the first of the incident's shape; without a shape it keeps the key "measure". */
export function upgradeSummaryV2(s: V2Summary, shape: AffectedShape | null): AffectedSummary {
  const measure = shape?.measures[0]?.key ?? "measure";
  const roles = (c: { recipient: number; exposed: number }) => Object.fromEntries(Object.entries(c).filter(([, n]) => n > 0));
  return affectedSummarySchema.parse({
    sample: s.sample,
    note: s.note,
    total: s.total,
    byRole: { recipient: s.byRole.recipient, exposed: s.byRole.exposed },
    firstAt: s.firstAt,
    lastAt: s.lastAt,
    perDay: s.perDay.map((d) => ({ day: d.day, byRole: roles(d) })),
    measures: s.promptTokens ? [{ key: measure, bucket: s.promptTokens.bucket, counts: s.promptTokens.counts }] : [],
    byClass: {},
  });
}
