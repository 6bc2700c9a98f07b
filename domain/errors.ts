/**
 * The one error type the domain verbs throw; http/domain-problem maps it to HTTP in one place.
 * "busy": the database stayed held by another change past the wait, and nothing was changed.
 */
export type DomainErrorCode = "unauthenticated" | "forbidden" | "not-found" | "conflict" | "invalid" | "busy";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: { errors?: Array<{ field: string; message: string }>; currentVersion?: number } = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}
