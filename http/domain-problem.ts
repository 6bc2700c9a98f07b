import type { DomainError, DomainErrorCode } from "@/domain/errors";
import { type Problem, problem } from "./problem";

const STATUS: Record<DomainErrorCode, [number, string]> = {
  unauthenticated: [401, "Unauthorized"],
  forbidden: [403, "Forbidden"],
  "not-found": [404, "Not Found"],
  conflict: [409, "Conflict"],
  invalid: [400, "Bad Request"],
  busy: [503, "Service Unavailable"],
};

/** Seconds a client should wait before sending a change the database was too busy to take. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export function domainProblem(error: DomainError): Response {
  const { problem: p, headers } = domainProblemParts(error);
  return problem(p, headers);
}

/** The problem document and headers of a domain error, for a layer that writes its own answer (the edge). */
export function domainProblemParts(error: DomainError): { problem: Problem; headers: Record<string, string> } {
  const [status, title] = STATUS[error.code];
  const headers: Record<string, string> =
    error.code === "unauthenticated"
      ? { "www-authenticate": 'Bearer realm="aftermath"' }
      : error.code === "busy"
        ? { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) }
        : {};
  return {
    problem: {
      status,
      title,
      detail: error.message,
      ...(error.details.errors ? { errors: error.details.errors } : {}),
      ...(error.details.currentVersion !== undefined ? { currentVersion: error.details.currentVersion } : {}),
    },
    headers,
  };
}
