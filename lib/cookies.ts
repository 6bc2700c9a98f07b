// What a request says about its cookies and scheme, with no Next import, so the server's edge and
// route handlers read them as server components do (config/request.ts adds the proxy's trust).

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

/** What a proxy in front says of the browser's scheme: the last X-Forwarded-Proto entry, the one it added, is "https". */
export function forwardedHttps(requestHeaders: Pick<Headers, "get">): boolean {
  return requestHeaders.get("x-forwarded-proto")?.split(",").at(-1)?.trim().toLowerCase() === "https";
}

/** A cookie's name for this request: `__Host-` over HTTPS (Secure, no Domain, Path=/), plain over HTTP, where Secure would never come back. */
export const cookieName = (base: string, secureRequest: boolean) => (secureRequest ? `__Host-${base}` : base);
