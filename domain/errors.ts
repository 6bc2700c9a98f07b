import type { Said, SaidValue } from "./said";
import { english } from "./say-in";

/**
 * The one error type the domain verbs throw; http/domain-problem maps it to HTTP in one place.
 * "busy": the database stayed held by another change past the wait, and nothing was changed;
 * "unavailable": the database could not be reached (a PostgreSQL server restarting); a write's sentence says whether it may have been saved.
 */
const MARK = Symbol.for("aftermath.DomainError");

export type DomainErrorCode = "unauthenticated" | "forbidden" | "not-found" | "conflict" | "invalid" | "busy" | "unavailable";

/** A field's problem: where, in English (logs, English callers), and as a sentence for any language when known. */
export type FieldError = { field: string; message: string; said?: Said };

/**
 * Carries its sentence as a catalogue key and values (said in the reader's language where the
 * answer is written) and `message` in English. A plain string is still taken, English only, from
 * code not yet translated: its readers in another language get the code's generic sentence.
 */
export class DomainError extends Error {
  // The server and Next's bundles each load this module: a store opened by one throws the other's
  // class, so `instanceof` asks for the mark every copy sets rather than for this copy's prototype.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && Reflect.get(value, MARK) === true;
  }
  private readonly [MARK] = true;
  readonly key: string | null;
  readonly values: Record<string, SaidValue>;
  constructor(
    readonly code: DomainErrorCode,
    said: Said | string,
    readonly details: { errors?: FieldError[]; currentVersion?: number } = {},
  ) {
    super(typeof said === "string" ? said : english(said));
    this.name = "DomainError";
    this.key = typeof said === "string" ? null : said.key;
    this.values = typeof said === "string" ? {} : (said.values ?? {});
  }

  /** The sentence to say in a reader's language; null when only English was given. */
  get said(): Said | null {
    return this.key === null ? null : { key: this.key, values: this.values };
  }
}

/** A field's problem from its sentence: the English kept for logs. */
export const fieldError = (field: string, said: Said): FieldError => ({ field, message: english(said), said });

/** The DomainError an error is or was caused by (drizzle wraps what a statement threw as its cause); null when there is none. */
export function domainErrorIn(error: unknown): DomainError | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) if (e instanceof DomainError) return e;
  return null;
}
