import type { Store } from "@/db/store/store";
import { resolveSession, type SessionUser } from "@/db/sessions";
import { cookieValue } from "@/lib/cookies";

// The editor's session cookie as a Cookie header carries it, with no Next import: route handlers
// and the server's edge (a draft's preview) read it as server components do (http/auth.ts).

/** Over HTTPS: Secure, Path=/, no Domain, so no other host or path can set or shadow it. */
export const SECURE_SESSION_COOKIE = "__Host-aftermath_session";
/** Over plain HTTP a Secure cookie would never come back, and __Host- demands Secure. */
export const PLAIN_SESSION_COOKIE = "aftermath_session";

/**
 * The signed-in user of a Cookie header, for route handlers; no Next import involved. With
 * `secureRequest` given, only that request's cookie name counts; without it the __Host- cookie is
 * read first, then the plain one.
 */
export async function userFromCookieHeader(
  store: Store,
  cookieHeader: string | null | undefined,
  now: number = Date.now(),
  secureRequest?: boolean,
): Promise<SessionUser | null> {
  const names =
    secureRequest === undefined
      ? [SECURE_SESSION_COOKIE, PLAIN_SESSION_COOKIE]
      : [secureRequest ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE];
  for (const name of names) {
    const rawId = cookieValue(cookieHeader, name);
    if (rawId) return (await resolveSession(store, rawId, now))?.user ?? null;
  }
  return null;
}
