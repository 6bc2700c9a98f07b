import { z } from "zod";
import { AFFECTED_ROLES } from "@/domain/record/constants";

/**
 * The forms of the identifiers a tenant gives us. A Cloudflare account id is 32 hex digits; it is
 * lower-cased before hashing so "ABC…" and "abc…" are the same account.
 */
export const accountId = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, "an account id is 32 hexadecimal digits, like 0123456789abcdef0123456789abcdef")
  .transform((id) => id.toLowerCase());

/** Request ids as providers print them (e.g. a CF-Ray "8c1f2e3a4b5d6e7f-AMS"): 1–128 safe characters. */
export const requestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, "a request id is 1–128 letters, digits, '.', '_', ':' or '-'");

export const MAX_PROMPT_TOKENS = 100_000_000;

/** One row of an affected-response list, as imported from CSV or JSON. */
export const affectedRow = z.strictObject({
  account_id: accountId,
  request_id: requestId,
  occurred_at: z.iso
    .datetime({ offset: true, message: "occurred_at must be ISO 8601 with a zone, e.g. 2026-09-01T12:00:00Z" })
    .transform((s) => new Date(s).toISOString()),
  // CSV gives digits as text; JSON must give a number. Nothing else (true, "1e3", 1.5) passes.
  prompt_tokens: z
    .union([z.number(), z.string().regex(/^\d{1,12}$/).transform(Number)], {
      message: "prompt_tokens must be a whole number",
    })
    .pipe(
      z
        .number()
        .int("prompt_tokens must be a whole number")
        .min(1, "prompt_tokens must be at least 1")
        .max(MAX_PROMPT_TOKENS, `prompt_tokens must be at most ${MAX_PROMPT_TOKENS}`),
    ),
  role: z.enum(AFFECTED_ROLES, { message: `role must be one of: ${AFFECTED_ROLES.join(", ")}` }),
});
export type AffectedRowInput = z.input<typeof affectedRow>;
export type AffectedRow = z.output<typeof affectedRow>;

export const AFFECTED_CSV_HEADER = ["account_id", "request_id", "occurred_at", "prompt_tokens", "role"] as const;
