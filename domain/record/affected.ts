import { z } from "zod";

/** Request ids as providers print them: 1–128 safe characters. */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
export const requestIdOf = (name: string) => z.string().trim().regex(REQUEST_ID, `a ${name} is 1–128 letters, digits, '.', '_', ':' or '-'`);
export const requestId = requestIdOf("request id");

/** A whole number from 1 to `max`: CSV gives digits as text, JSON a number; nothing else (true, "1e3", 1.5) passes. */
export function wholeNumber(name: string, max: number) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,12}$/).transform(Number)], { message: `${name} must be a whole number` })
    .pipe(z.number().int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`));
}

const count = z.number().int().min(0);
/** A row's time as its shape gives it: an instant (UTC, to the millisecond) or a day. */
const rowTime = z.union([z.iso.datetime({ offset: false }), z.iso.date()]);
/** A key of the shape: a role's or a class's ("saw", "card-last-four") or a measure's column ("tokens_in"). */
const key = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/);
const byKey = z.record(key, count);
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((n, c) => n + c, 0);

/**
 * What may be published about an affected list: counts only, never a row, an account key or a
 * request id. Counts by the keys of the incident's shape (roles, data classes, measures). Days (UTC)
 * with no row are left out; a measure is counted in buckets of `bucket`, each starting at `from`.
 */
export const affectedSummarySchema = z
  .strictObject({
    /** A generated sample that agrees with the published facts, not the provider's list. */
    sample: z.boolean(),
    /** Why it is a sample, or what else a reader should know of the list. */
    note: z.string().trim().min(1).nullable(),
    total: count,
    byRole: byKey,
    firstAt: rowTime.nullable(),
    lastAt: rowTime.nullable(),
    /** Rows with a time only. */
    perDay: z.array(z.strictObject({ day: z.iso.date(), byRole: byKey })),
    measures: z.array(z.strictObject({ key, bucket: z.number().int().positive(), counts: z.array(z.strictObject({ from: count, count })) })),
    /** How many rows name each data class; a row may name several. */
    byClass: byKey,
  })
  .superRefine((s, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message });
    if (sum(s.byRole) !== s.total) fail("byRole must add up to total");
    if (s.perDay.reduce((n, d) => n + sum(d.byRole), 0) > s.total) fail("perDay must add up to at most total");
    for (const m of s.measures) if (m.counts.reduce((n, b) => n + b.count, 0) > s.total) fail(`the counts of ${m.key} must add up to at most total`);
    if (Object.values(s.byClass).some((n) => n > s.total)) fail("no data class may count more rows than total");
    if (s.perDay.some((d, i) => i > 0 && d.day <= (s.perDay[i - 1]?.day ?? ""))) fail("perDay must be in order, each day once");
  });
export type AffectedSummary = z.infer<typeof affectedSummarySchema>;
