import { DomainError } from "@/domain/errors";

// What says the server could not be reached or went away, rather than that a statement was wrong:
// the socket's errors, node-postgres's own words for a lost or timed-out connection, and the
// SQLSTATEs of a connection exception (class 08) or a server shutting down or starting (57P01-57P03).
const SOCKET = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const SERVER = /^(08...|57P0[123])$/;
const CLIENT = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed/;

export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  return SOCKET.has(code) || SERVER.test(code) || CLIENT.test(error.message);
}

/** Runs `work`; a lost server becomes "unavailable" (503 with Retry-After at the edge), never a 500. */
export async function reachable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnreachable(error)) throw new DomainError("unavailable", { key: "problems.generic.unavailable" });
    throw error;
  }
}
