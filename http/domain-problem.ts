import type { DomainError, DomainErrorCode } from "@/domain/errors";
import { problem } from "./problem";

const STATUS: Record<DomainErrorCode, [number, string]> = {
  unauthenticated: [401, "Unauthorized"],
  forbidden: [403, "Forbidden"],
  "not-found": [404, "Not Found"],
  conflict: [409, "Conflict"],
  invalid: [400, "Bad Request"],
};

export function domainProblem(error: DomainError): Response {
  const [status, title] = STATUS[error.code];
  const headers: Record<string, string> = error.code === "unauthenticated" ? { "www-authenticate": 'Bearer realm="aftermath"' } : {};
  return problem(
    {
      status,
      title,
      detail: error.message,
      ...(error.details.errors ? { errors: error.details.errors } : {}),
      ...(error.details.currentVersion !== undefined ? { currentVersion: error.details.currentVersion } : {}),
    },
    headers,
  );
}
