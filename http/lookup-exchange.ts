import "server-only";
import { type Db, getDb } from "@/db/client";
import { readEnv } from "@/db/env";
import { lookupIncident } from "@/db/lookup";
import { currentKey, keysIn } from "@/db/lookup-keys";
import { appLookupSecret } from "@/db/lookup-secret";
import { takeClient } from "./lookup-limits";
import { type AccountProof, checkLink, sessionOf, sessionToken } from "@/db/lookup-proof";
import { endLookupSession, sessionEnds } from "@/db/lookup-session-end";
import { lookupSessionCookie, sentLookupSession } from "./lookup-session";

/** Who signs lookup sessions, as the audit trail names it when it has to make the first key. */
const SERVER = { kind: "system", name: "lookup" } as const;

/** The key the server signs with now (sessions, the OpenID flow); made on first use. */
export const serverSigningKey = (db: Db) => currentKey(db, appLookupSecret(), SERVER);

export type Exchanged =
  | { kind: "session"; setCookie: string }
  | { kind: "refused"; reason: "invalid" | "expired" | "other-incident" }
  | { kind: "not-found" }
  | { kind: "limited"; retryAfterSeconds: number };

/** The Set-Cookie of a lookup session for this proof: it ends with the proof, or after LOOKUP_SESSION_MINUTES. */
export function openSession(db: Db, headers: Pick<Headers, "get">, proof: AccountProof, now: number): string {
  const seconds = Math.floor(now / 1000);
  const until = seconds + readEnv().LOOKUP_SESSION_MINUTES * 60;
  const token = sessionToken(serverSigningKey(db), proof, until);
  return lookupSessionCookie(headers, token, Math.max(0, Math.min(proof.expiresAt, until) - seconds));
}

/** A link's token, exchanged for a lookup session cookie (so the token leaves the address at once), or why not. */
export function exchangeLink(slug: string, token: string, headers: Pick<Headers, "get">, now = Date.now(), db: Db = getDb()): Exchanged {
  const { byClient } = takeClient(db, headers, now);
  if (!byClient.allowed) return { kind: "limited", retryAfterSeconds: byClient.retryAfterSeconds };
  const incident = lookupIncident(db, slug);
  if (!incident) return { kind: "not-found" };
  const link = checkLink(keysIn(db, appLookupSecret()), token, incident.id, Math.floor(now / 1000));
  if (!link.ok) return { kind: "refused", reason: link.reason };
  return { kind: "session", setCookie: openSession(db, headers, link.proof, now) };
}

/** Sign-out: the session this browser sends is ended on the server, for every process; returns the Set-Cookie that drops it. */
export function signOut(headers: Pick<Headers, "get">, now = Date.now(), db: Db = getDb()): string {
  const token = sentLookupSession(headers);
  const seconds = Math.floor(now / 1000);
  const session = token === undefined ? null : sessionOf(keysIn(db, appLookupSecret()), sessionEnds(db), token, seconds);
  if (session) endLookupSession(db, session, seconds);
  return lookupSessionCookie(headers, "", 0);
}
