import { isSecureRequest } from "@/config/request";
import { cookieName, cookieOptions, cookieValue, setCookie } from "@/lib/cookies";

/** The lookup session cookie: a signed token (lookup/proof/tokens.ts), HttpOnly, this host only. */
const BASE = "aftermath_lookup";
/** A link opened from another site while a session was open, waiting for the visitor's word on the page. */
const PENDING = "aftermath_lookup_pending";

export const lookupSessionCookieName = (secureRequest: boolean) => cookieName(BASE, secureRequest);

/** The lookup session token this request carries under its scheme's cookie name, if any. */
export function sentLookupSession(headers: Pick<Headers, "get">): string | undefined {
  return cookieValue(headers.get("cookie"), lookupSessionCookieName(isSecureRequest(headers)));
}

/** Set-Cookie for a lookup session token that lasts `maxAge` seconds (0 ends it). */
export function lookupSessionCookie(headers: Pick<Headers, "get">, token: string, maxAge: number): string {
  const secure = isSecureRequest(headers);
  return setCookie(lookupSessionCookieName(secure), token, cookieOptions(secure, maxAge));
}

/** The waiting link's token this request carries, if any. */
export function sentPendingLink(headers: Pick<Headers, "get">): string | undefined {
  return cookieValue(headers.get("cookie"), cookieName(PENDING, isSecureRequest(headers))) || undefined;
}

/** Set-Cookie for a waiting link's token that lasts `maxAge` seconds (0 ends it). */
export function pendingLinkCookie(headers: Pick<Headers, "get">, token: string, maxAge: number): string {
  const secure = isSecureRequest(headers);
  return setCookie(cookieName(PENDING, secure), token, cookieOptions(secure, maxAge));
}

/** The Set-Cookie that drops a waiting link, when this request carries one; none otherwise. */
export const dropPendingLink = (headers: Pick<Headers, "get">): string[] => (sentPendingLink(headers) === undefined ? [] : [pendingLinkCookie(headers, "", 0)]);
