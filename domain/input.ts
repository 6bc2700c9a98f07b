import type { z } from "zod";
import { DomainError, type FieldError, fieldError } from "./errors";
import { type Naming, issueSentences } from "./validation";

export type { FieldError };

/** Where nothing names the fields: each is quoted by its path ("item.extra"). */
export const BY_PATH: Naming = { name: () => null };

/**
 * zod's findings in words a person understands (domain/validation.ts): one entry per field, an
 * unknown key named as the field it is ("item.extra"), since "Unrecognized key" on the whole body
 * does not say where to look. `input` is what was checked.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], input?: unknown, naming: Naming = BY_PATH): FieldError[] {
  return issueSentences(issues, input, naming).map(({ field, said }) => fieldError(field, said));
}

export function invalidInput(errors: FieldError[]): DomainError {
  const list = errors.map((e) => e.said ?? { key: "problems.fieldSaid", values: { field: e.field, message: e.message } });
  return new DomainError("invalid", { key: "problems.fixFields", values: { list } }, { errors });
}

/** `input` checked against `schema`, or a DomainError "invalid" (400) naming every bad field in words of its own. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, naming: Naming = BY_PATH): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidInput(fieldErrors(parsed.error.issues, input, naming));
  return parsed.data;
}
