import { clientKey } from "./client-key";

/** Set by the server (scripts/server.ts) from the socket; any value a client sends is overwritten. */
export const CLIENT_ADDRESS_HEADER = "x-aftermath-client-address";

/**
 * Who the rate limit counts a request against (see clientKey). With a trusted proxy in front, the
 * last X-Forwarded-For entry is the one that proxy added, so it is the only one a client cannot forge.
 */
export function clientAddress(headers: Pick<Headers, "get">, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
    if (forwarded) return clientKey(forwarded);
  }
  const socket = headers.get(CLIENT_ADDRESS_HEADER);
  return socket === null ? "unknown" : clientKey(socket);
}
