import "server-only";
import { type Db, getDb } from "@/db/client";
import { readEnv } from "@/config/env";
import { lookupIncident } from "../rows";
import { currentKey, keysIn } from "./keys";
import { appLookupSecret } from "@/config/secret";
import { takeClient } from "../limits";
import { type AccountProof, checkLink, sessionOf, sessionToken } from "./tokens";
import { endLookupSession, sessionEnds } from "./session-end";
import { dropPendingLink, lookupSessionCookie, pendingLinkCookie, sentLookupSession, sentPendingLink } from "./cookies";

/** Who signs lookup sessions, as the audit trail names it when it has to make the first key. */
const SERVER = { kind: "system", name: "lookup" } as const;
/** How long a link opened from another site waits for the visitor's word on the lookup page. */
const PENDING_SECONDS = 10 * 60;

/** The key the server signs with now (sessions, the OpenID flow); made on first use. */
export const serverSigningKey = (db: Db) => currentKey(db, appLookupSecret(), SERVER);

export type Exchanged =
  | { kind: "session"; setCookies: string[] }
  /** Another account's session is open and the request may be another site's doing: the page asks first. */
  | { kind: "pending"; setCookies: string[] }
  | { kind: "refused"; reason: "invalid" | "expired" | "other-incident"; setCookies: string[] }
  | { kind: "not-found" }
  | { kind: "limited"; retryAfterSeconds: number };

/** The Set-Cookie of a lookup session for this proof: it ends with the proof, or after LOOKUP_SESSION_MINUTES. */
export function openSession(db: Db, headers: Pick<Headers, "get">, proof: AccountProof, now: number): string {
  const seconds = Math.floor(now / 1000);
  const until = seconds + readEnv().LOOKUP_SESSION_MINUTES * 60;
  const token = sessionToken(serverSigningKey(db), proof, until);
  return lookupSessionCookie(headers, token, Math.max(0, Math.min(proof.expiresAt, until) - seconds));
}

/** The session this browser has open now, in any incident (signed, unexpired, not signed out), or null. */
function openNow(db: Db, headers: Pick<Headers, "get">, seconds: number) {
  const token = sentLookupSession(headers);
  return token === undefined ? null : sessionOf(keysIn(db, appLookupSecret()), sessionEnds(db), token, seconds);
}

/**
 * Only the visitor's own doing may replace an open session: the browser says so with Sec-Fetch-Site
 * "same-origin" (our page) or "none" (typed, a bookmark, a mail program). Anything else, or none,
 * may be another site sending the visitor to someone else's link.
 */
const visitorsOwn = (headers: Pick<Headers, "get">) => ["same-origin", "none"].includes(headers.get("sec-fetch-site") ?? "");

/**
 * A link's token, exchanged for a lookup session cookie (so the token leaves the address at once), or
 * why not. With `confirmed`, the visitor asked for it on the lookup page; otherwise a session of
 * another account that is open stays, and the link waits in a cookie for the visitor's word.
 */
export async function exchangeLink(slug: string, token: string, headers: Pick<Headers, "get">, { now = Date.now(), db = getDb(), confirmed = false } = {}): Promise<Exchanged> {
  const { byClient } = await takeClient(db, headers, now);
  if (!byClient.allowed) return { kind: "limited", retryAfterSeconds: byClient.retryAfterSeconds };
  const incident = lookupIncident(db, slug);
  if (!incident) return { kind: "not-found" };
  const seconds = Math.floor(now / 1000);
  const link = checkLink(keysIn(db, appLookupSecret()), token, incident.id, seconds);
  if (!link.ok) return { kind: "refused", reason: link.reason, setCookies: dropPendingLink(headers) };
  const open = confirmed || visitorsOwn(headers) ? null : openNow(db, headers, seconds);
  if (open && open.tenantKey !== link.proof.tenantKey) {
    return { kind: "pending", setCookies: [pendingLinkCookie(headers, token, Math.min(PENDING_SECONDS, link.proof.expiresAt - seconds))] };
  }
  return { kind: "session", setCookies: [openSession(db, headers, link.proof, now), ...dropPendingLink(headers)] };
}

export type Confirmed = Exchanged | { kind: "kept"; setCookies: string[] } | { kind: "gone" };

/** The visitor's word on a waiting link, from the lookup page: "switch" exchanges it, "keep" drops it. */
export async function confirmLink(slug: string, choice: "switch" | "keep", headers: Pick<Headers, "get">, now = Date.now(), db: Db = getDb()): Promise<Confirmed> {
  const token = sentPendingLink(headers);
  if (token === undefined) return { kind: "gone" };
  if (choice === "keep") return { kind: "kept", setCookies: dropPendingLink(headers) };
  return exchangeLink(slug, token, headers, { now, db, confirmed: true });
}

/** The account a waiting link is for, as the lookup page of its incident names it; null when none waits or it proves nothing now. */
export function waitingLink(slug: string, headers: Pick<Headers, "get">, now = Date.now(), db: Db = getDb()): { ending: string } | null {
  const token = sentPendingLink(headers);
  const incident = token === undefined ? null : lookupIncident(db, slug);
  if (token === undefined || !incident) return null;
  const link = checkLink(keysIn(db, appLookupSecret()), token, incident.id, Math.floor(now / 1000));
  return link.ok ? { ending: link.proof.ending } : null;
}

/** Sign-out: the session this browser sends is ended on the server, for every process; returns the Set-Cookies that drop it. */
export function signOut(headers: Pick<Headers, "get">, now = Date.now(), db: Db = getDb()): string[] {
  const seconds = Math.floor(now / 1000);
  const session = openNow(db, headers, seconds);
  if (session) endLookupSession(db, session, seconds);
  return [lookupSessionCookie(headers, "", 0), ...dropPendingLink(headers)];
}
