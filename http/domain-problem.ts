import type { DomainError, DomainErrorCode, FieldError } from "@/domain/errors";
import { sayIn } from "@/domain/say-in";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { type Problem, problem } from "./problem";

const STATUS: Record<DomainErrorCode, [number, string]> = {
  unauthenticated: [401, "Unauthorized"],
  forbidden: [403, "Forbidden"],
  "not-found": [404, "Not Found"],
  conflict: [409, "Conflict"],
  invalid: [400, "Bad Request"],
  busy: [503, "Service Unavailable"],
  unavailable: [503, "Service Unavailable"],
};

/** Seconds a client should wait before sending a change the database was too busy to take. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * A domain error's sentence and its fields' in `locale`. An error given only in English (code not
 * yet translated) is said in English to English readers and by its code's sentence to others, so
 * one address never answers in two languages.
 */
export function domainWords(error: DomainError, locale: Locale): { detail: string; errors: FieldError[] | undefined } {
  const said = error.said;
  const detail = said ? sayIn(locale, said) : locale === DEFAULT_LOCALE ? error.message : sayIn(locale, { key: `problems.generic.${error.code}` });
  const errors = error.details.errors?.map((e) => ({ field: e.field, message: e.said ? sayIn(locale, e.said) : locale === DEFAULT_LOCALE ? e.message : detail }));
  return { detail, errors };
}

export function domainProblem(error: DomainError, locale: Locale = DEFAULT_LOCALE): Response {
  const { problem: p, headers } = domainProblemParts(error, locale);
  return problem(p, headers);
}

/** The problem document and headers of a domain error, for a layer that writes its own answer (the edge). */
export function domainProblemParts(error: DomainError, locale: Locale = DEFAULT_LOCALE): { problem: Problem; headers: Record<string, string> } {
  const [status, title] = STATUS[error.code];
  const headers: Record<string, string> =
    error.code === "unauthenticated"
      ? { "www-authenticate": 'Bearer realm="aftermath"' }
      : error.code === "busy" || error.code === "unavailable"
        ? { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) }
        : {};
  const { detail, errors } = domainWords(error, locale);
  return {
    problem: {
      status,
      title,
      detail,
      ...(errors ? { errors } : {}),
      ...(error.details.currentVersion !== undefined ? { currentVersion: error.details.currentVersion } : {}),
    },
    headers,
  };
}
