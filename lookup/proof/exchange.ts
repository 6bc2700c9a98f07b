import "server-only";
import { getStore } from "@/db/app-store";
import type { Store } from "@/db/store/store";
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
export const serverSigningKey = (store: Store) => currentKey(store, appLookupSecret(), SERVER);

export type Exchanged =
  | { kind: "session"; setCookies: string[] }
  /** Another account's session is open and the request may be another site's doing: the page asks first. */
  | { kind: "pending"; setCookies: string[] }
  | { kind: "refused"; reason: "invalid" | "expired" | "other-incident"; setCookies: string[] }
  | { kind: "not-found" }
  | { kind: "limited"; retryAfterSeconds: number };

/** The Set-Cookie of a lookup session for this proof: it ends with the proof, or after LOOKUP_SESSION_MINUTES. */
export async function openSession(store: Store, headers: Pick<Headers, "get">, proof: AccountProof, now: number): Promise<string> {
  const seconds = Math.floor(now / 1000);
  const until = seconds + readEnv().LOOKUP_SESSION_MINUTES * 60;
  const token = sessionToken(await serverSigningKey(store), proof, until);
  return lookupSessionCookie(headers, token, Math.max(0, Math.min(proof.expiresAt, until) - seconds));
}

/** The session this browser has open now, in any incident (signed, unexpired, not signed out), or null. */
async function openNow(store: Store, headers: Pick<Headers, "get">, seconds: number) {
  const token = sentLookupSession(headers);
  if (token === undefined) return null;
  return sessionOf(await store.read((tx) => keysIn(tx, appLookupSecret())), sessionEnds(store), token, seconds);
}

/** The published incident of the slug and the keys in force, as one read. */
const incidentAndKeys = (store: Store, slug: string) =>
  store.read(async (tx) => ({ incident: await lookupIncident(tx, slug), keys: await keysIn(tx, appLookupSecret()) }));

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
export async function exchangeLink(
  slug: string,
  token: string,
  headers: Pick<Headers, "get">,
  { now = Date.now(), store = getStore(), confirmed = false }: { now?: number; store?: Store; confirmed?: boolean } = {},
): Promise<Exchanged> {
  const { byClient } = await takeClient(store, headers, now);
  if (!byClient.allowed) return { kind: "limited", retryAfterSeconds: byClient.retryAfterSeconds };
  const { incident, keys } = await incidentAndKeys(store, slug);
  if (!incident) return { kind: "not-found" };
  const seconds = Math.floor(now / 1000);
  const link = checkLink(keys, token, incident.id, seconds);
  if (!link.ok) return { kind: "refused", reason: link.reason, setCookies: dropPendingLink(headers) };
  const open = confirmed || visitorsOwn(headers) ? null : await openNow(store, headers, seconds);
  if (open && open.tenantKey !== link.proof.tenantKey) {
    return { kind: "pending", setCookies: [pendingLinkCookie(headers, token, Math.min(PENDING_SECONDS, link.proof.expiresAt - seconds))] };
  }
  return { kind: "session", setCookies: [await openSession(store, headers, link.proof, now), ...dropPendingLink(headers)] };
}

export type Confirmed = Exchanged | { kind: "kept"; setCookies: string[] } | { kind: "gone" };

/** The visitor's word on a waiting link, from the lookup page: "switch" exchanges it, "keep" drops it. */
export async function confirmLink(slug: string, choice: "switch" | "keep", headers: Pick<Headers, "get">, now = Date.now(), store: Store = getStore()): Promise<Confirmed> {
  const token = sentPendingLink(headers);
  if (token === undefined) return { kind: "gone" };
  if (choice === "keep") return { kind: "kept", setCookies: dropPendingLink(headers) };
  return exchangeLink(slug, token, headers, { now, store, confirmed: true });
}

/** The account a waiting link is for, as the lookup page of its incident names it; null when none waits or it proves nothing now. */
export async function waitingLink(slug: string, headers: Pick<Headers, "get">, now = Date.now(), store: Store = getStore()): Promise<{ ending: string } | null> {
  const token = sentPendingLink(headers);
  if (token === undefined) return null;
  const { incident, keys } = await incidentAndKeys(store, slug);
  if (!incident) return null;
  const link = checkLink(keys, token, incident.id, Math.floor(now / 1000));
  return link.ok ? { ending: link.proof.ending } : null;
}

/** Sign-out: the session this browser sends is ended on the server, for every process; returns the Set-Cookies that drop it. */
export async function signOut(headers: Pick<Headers, "get">, now = Date.now(), store: Store = getStore()): Promise<string[]> {
  const seconds = Math.floor(now / 1000);
  const session = await openNow(store, headers, seconds);
  if (session) await endLookupSession(store, session, seconds);
  return [lookupSessionCookie(headers, "", 0), ...dropPendingLink(headers)];
}
