/** The one error type the domain verbs throw; http/domain-problem maps it to HTTP in one place. */
export type DomainErrorCode = "unauthenticated" | "forbidden" | "not-found" | "conflict" | "invalid";

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
