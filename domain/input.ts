import type { z } from "zod";
import { DomainError } from "./errors";

export type FieldError = { field: string; message: string };

/**
 * zod's findings in the API's words: one entry per field, and an unknown key named as the field it
 * is ("item.extra"), since "Unrecognized key" on the whole body does not say where to look.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], noun = "field"): FieldError[] {
  return issues.flatMap((issue) => {
    const at = issue.path.map(String);
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: [...at, key].join("."), message: `there is no ${noun} "${key}" here; leave it out` }));
    }
    return [{ field: at.join(".") || "(body)", message: issue.message }];
  });
}

export function invalidInput(errors: FieldError[]): DomainError {
  return new DomainError("invalid", `Fix these fields: ${errors.map((e) => `${e.field}: ${e.message}`).join("; ")}.`, { errors });
}

/** `input` checked against `schema`, or a DomainError "invalid" (400) naming every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, noun?: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidInput(fieldErrors(parsed.error.issues, noun));
  return parsed.data;
}
