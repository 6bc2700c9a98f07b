import "server-only";
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getLocale } from "next-intl/server";
import { type Locale, DEFAULT_LOCALE, localized, splitLocale } from "@/i18n/locales";
import { cache } from "react";
import type { UserRole } from "@/domain/access";
import { getStore } from "@/db/app-store";
import { createSession, deleteSession, resolveSession, type SessionUser, sessionPolicy } from "@/db/sessions";
import { isSecureRequest } from "@/config/request";
import { type CookieOptions, cookieOptions } from "@/lib/cookies";
import { PLAIN_SESSION_COOKIE, SECURE_SESSION_COOKIE } from "./session-cookie";

export const SIGNIN_PATH = "/signin";
export const DEFAULT_AFTER_SIGNIN = "/editor";

export type SessionCookie = { name: typeof SECURE_SESSION_COOKIE | typeof PLAIN_SESSION_COOKIE; options: CookieOptions };

export function sessionCookie(secureRequest: boolean): SessionCookie {
  return {
    name: secureRequest ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE,
    options: cookieOptions(secureRequest, Math.floor(sessionPolicy().absoluteMs / 1000)),
  };
}

/**
 * `value` when it is a path on this site ("/…", not "//…" or "/\…", no control characters), else
 * `fallback`: the only targets sign-in redirects to, so ?next= cannot send anyone elsewhere.
 */
export function safeNextPath(value: unknown, fallback: string = DEFAULT_AFTER_SIGNIN): string {
  if (typeof value !== "string" || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f\s]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://same.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://same.invalid") return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" normalizes to "//evil.example": check what would actually be sent.
  // The sign-in and sign-out pages in any language are no place to go back to.
  const bare = `/${splitLocale(url.pathname.split("/").slice(1)).rest.join("/")}`;
  if (path.startsWith("//") || bare === SIGNIN_PATH || bare === "/signout") return fallback;
  return path;
}

/** The sign-in page in `locale`, to come back to `next` (a path with its own language's prefix) after. */
export function signInPath(next?: string, locale: Locale = DEFAULT_LOCALE): string {
  const target = safeNextPath(next, "");
  const page = localized(locale, SIGNIN_PATH);
  return target ? `${page}?next=${encodeURIComponent(target)}` : page;
}

const RANK: Record<UserRole, number> = { editor: 1, admin: 2 };

/** Admins may do whatever editors may. */
export function hasRole(user: SessionUser, role: UserRole): boolean {
  return RANK[user.role] >= RANK[role];
}

async function requestCookie(): Promise<{ cookie: SessionCookie; rawId: string | undefined }> {
  const cookie = sessionCookie(isSecureRequest(await headers()));
  return { cookie, rawId: (await cookies()).get(cookie.name)?.value };
}

/** The signed-in user, for server components and server actions; null when there is none. */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const { rawId } = await requestCookie();
  return rawId ? ((await resolveSession(getStore(), rawId))?.user ?? null) : null;
});

/**
 * The signed-in user, or a redirect to /signin?next=<next> in the request's language (server
 * components cannot see their own address, so pass `next` without a language's prefix, e.g.
 * "/editor/incidents/x"; default /editor). With `role`, a user below it gets a 404: admin-only
 * pages do not exist for editors.
 */
export async function requireUser({ role, next }: { role?: UserRole; next?: string } = {}): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) {
    const locale = await getLocale();
    redirect(signInPath(localized(locale, next ?? DEFAULT_AFTER_SIGNIN), locale));
  }
  if (role && !hasRole(user, role)) notFound();
  return user;
}

/** Signs the user in (server actions only): a fresh session, replacing any this browser had. */
export async function startSession(userId: number): Promise<void> {
  const { cookie, rawId } = await requestCookie();
  const store = getStore();
  if (rawId) await deleteSession(store, rawId);
  (await cookies()).set(cookie.name, await createSession(store, userId), cookie.options);
}

/** Signs out (server actions only): the session is deleted on the server and the cookie cleared. */
export async function endSession(): Promise<void> {
  const { cookie, rawId } = await requestCookie();
  if (rawId) await deleteSession(getStore(), rawId);
  // Cleared with the same attributes it was set with, or a browser keeps the __Host- one.
  (await cookies()).set(cookie.name, "", { ...cookie.options, maxAge: 0 });
}
