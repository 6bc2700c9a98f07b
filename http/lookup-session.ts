import { cookieName, cookieOptions, cookieValue, isSecureRequest, setCookie } from "./cookies";

/** The lookup session cookie: a signed token (http/lookup-proof), HttpOnly, this host only. */
const BASE = "aftermath_lookup";

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
