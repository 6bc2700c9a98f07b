import { z } from "zod";
import { AFFECTED_ROLES } from "./constants";

/**
 * The forms of the identifiers a tenant gives us. A Cloudflare account id is 32 hex digits; it is
 * lower-cased before hashing so "ABC…" and "abc…" are the same account.
 */
export const accountId = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, "an account id is 32 hexadecimal digits, like 0123456789abcdef0123456789abcdef")
  .transform((id) => id.toLowerCase());

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

export const MAX_PROMPT_TOKENS = 100_000_000;

/** One row of an affected-response list, as imported from CSV or JSON. */
export const affectedRow = z.strictObject({
  account_id: accountId,
  request_id: requestId,
  occurred_at: z.iso
    .datetime({ offset: true, message: "occurred_at must be ISO 8601 with a zone, e.g. 2026-09-01T12:00:00Z" })
    .transform((s) => new Date(s).toISOString()),
  prompt_tokens: wholeNumber("prompt_tokens", MAX_PROMPT_TOKENS),
  role: z.enum(AFFECTED_ROLES, { message: `role must be one of: ${AFFECTED_ROLES.join(", ")}` }),
});
export type AffectedRow = z.output<typeof affectedRow>;

export const AFFECTED_CSV_HEADER = ["account_id", "request_id", "occurred_at", "prompt_tokens", "role"] as const;

const count = z.number().int().min(0);
const instant = z.iso.datetime({ offset: false });

/**
 * What may be published about an affected list: counts only, never a row, an account key or a
 * request id. Days (UTC) with no response are left out; prompt lengths are counted in buckets of
 * `bucket` tokens, each starting at `from`.
 */
export const affectedSummarySchema = z
  .strictObject({
    /** A generated sample that agrees with the published facts, not the provider's list. */
    sample: z.boolean(),
    /** Why it is a sample, or what else a reader should know of the list. */
    note: z.string().trim().min(1).nullable(),
    total: count,
    byRole: z.strictObject({ recipient: count, exposed: count }),
    firstAt: instant.nullable(),
    lastAt: instant.nullable(),
    perDay: z.array(z.strictObject({ day: z.iso.date(), recipient: count, exposed: count })),
    promptTokens: z.strictObject({ bucket: z.number().int().positive(), counts: z.array(z.strictObject({ from: count, count })) }).nullable(),
  })
  .superRefine((s, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message });
    if (s.byRole.recipient + s.byRole.exposed !== s.total) fail("byRole must add up to total");
    if (s.perDay.reduce((n, d) => n + d.recipient + d.exposed, 0) !== s.total) fail("perDay must add up to total");
    if (s.promptTokens && s.promptTokens.counts.reduce((n, b) => n + b.count, 0) !== s.total) fail("promptTokens must add up to total");
    if (s.perDay.some((d, i) => i > 0 && d.day <= (s.perDay[i - 1]?.day ?? ""))) fail("perDay must be in order, each day once");
  });
export type AffectedSummary = z.infer<typeof affectedSummarySchema>;
