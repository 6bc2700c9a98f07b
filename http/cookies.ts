import { readEnv } from "@/db/env";

// What a request says about its cookies and scheme, with no Next import, so the server's edge and
// route handlers read them as server components do.

export type CookieOptions = { httpOnly: true; sameSite: "lax"; secure: boolean; path: "/"; maxAge: number };

/** How this site sets its HttpOnly cookies: this host and every path only, Secure when the request came over HTTPS. */
export const cookieOptions = (secureRequest: boolean, maxAge: number): CookieOptions => ({ httpOnly: true, sameSite: "lax", secure: secureRequest, path: "/", maxAge });

/** A Set-Cookie value with these options (RFC 6265 §4.1); the value must already be cookie-safe (base64url). */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  return `${name}=${value}; Path=${options.path}; Max-Age=${options.maxAge}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of cookieHeader?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

let trustProxy: boolean | undefined;

/**
 * Whether the browser reached us over HTTPS: only a trusted proxy's X-Forwarded-Proto can say so
 * (the last entry, the one it added), since this server itself speaks plain HTTP.
 */
export function isSecureRequest(requestHeaders: Pick<Headers, "get">): boolean {
  trustProxy ??= readEnv().TRUST_PROXY === "1";
  if (!trustProxy) return false;
  const proto = requestHeaders.get("x-forwarded-proto")?.split(",").at(-1)?.trim().toLowerCase();
  return proto === "https";
}

/** A cookie's name for this request: `__Host-` over HTTPS (Secure, no Domain, Path=/), plain over HTTP, where Secure would never come back. */
export const cookieName = (base: string, secureRequest: boolean) => (secureRequest ? `__Host-${base}` : base);
