import { expect } from "vitest";
import { DomainError } from "@/domain/errors";

/** Runs a verb that must refuse with `code`, and gives its DomainError for a closer look. */
export async function expectDomainError(work: () => Promise<unknown>, code: DomainError["code"]): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    return error as DomainError;
  }
  throw new Error(`expected a ${code} error`);
}
