import { z } from "zod";
import { DECIMAL_PATTERN, KEY_PATTERN, refusal } from "../validation";

// Field shapes every entity of the record shares.

export const text = z.string().trim().min(1);
export const isoDate = z.iso.date();
// zod's own message stays for readers of raw issues; domain/validation.ts says it by its pattern.
export const key = z.string().regex(KEY_PATTERN, "use lower-case words joined by hyphens");
export const sourceNumber = z.number().int().min(0);
/** Source numbers as the source list numbers them. */
export const cites = z.array(sourceNumber).min(1, "every fact cites at least one source");

/** The incident version an edit is based on, as a JSON body gives it. */
export const incidentVersion = z.number().int().positive();

/**
 * A whole number written as text (a path segment, a query value) in its one decimal spelling:
 * "0x10", "1e3", "010", "+1", " 1" and "1.0" would all pass Number(), and each is refused here.
 */
export const decimalText = z
  .string({ error: (issue) => (issue.input === undefined ? "required" : "give it once, as text") })
  .regex(DECIMAL_PATTERN, "write it in plain decimal digits, like 12: no sign, leading zero, space, point or exponent")
  .transform(Number)
  .refine(Number.isSafeInteger, refusal({ key: "validation.atMost", values: { maximum: Number.MAX_SAFE_INTEGER } }));
/** An id or a version in the address: 1 or more. */
export const positiveDecimalText = decimalText.refine((n) => n >= 1, refusal({ key: "validation.atLeast", values: { minimum: 1 } }));
/** The body of a change that carries nothing but the version: publish, unpublish, delete. */
export const versionOnly = z.strictObject({ version: incidentVersion });
