import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { KeyFinder, SigningKey } from "./keys";
import { openToken, signToken } from "@/lib/signed-token";
import { tenantKey } from "@/lib/tenant-key";

// The proofs that make a lookup show an account's own record. A link (sent by the provider) and a
// lookup session (what a link or an OpenID sign-in is exchanged for) are tokens signed with a
// lookup key (lookup/proof/keys.ts); a token holds the account's keyed hash, never the account id.

/** An owner's proof, from a link or a session: the whole of the account's record in an incident (or in any, from OpenID). */
export type AccountProof = {
  tenantKey: string;
  /** The account id's last four characters, so the page can say which account it shows. */
  ending: string;
  via: "link" | "openid";
  /** The incident a link was made for; null for an OpenID sign-in, which proves the account everywhere. */
  incidentId: number | null;
  /** Seconds since the epoch. */
  expiresAt: number;
};

/** A lookup session's proof, and the random id its sign-out ends it by (lookup/proof/session-end.ts). */
export type SessionProof = AccountProof & { sessionId: string };

/** Whether the session of this id was ended at a sign-out: asked of the database, so every process knows. */
export type EndedCheck = (sessionId: string) => Promise<boolean>;

export type LinkCheck = { ok: true; proof: AccountProof } | { ok: false; reason: "invalid" | "expired" | "other-incident" };

const PURPOSE = { link: "lookup-link", session: "lookup-session" } as const;
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
// The last four characters of the id as the list keeps it, in any of its forms (an email's ".com" too).
const ending = z.string().regex(/^[0-9a-z._:@-]{1,4}$/);
const linkPayload = z.strictObject({ v: z.literal(1), i: z.number().int().positive(), t: hex64, e: ending, x: z.number().int() });
// Version 2 carries the session's id; a version 1 token, which sign-out could not end, proves nothing.
const sessionPayload = z.strictObject({
  v: z.literal(2),
  s: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  i: z.number().int().positive().nullable(),
  t: hex64,
  e: ending,
  via: z.enum(["link", "openid"]),
  x: z.number().int(),
});

export const accountEnding = (accountId: string) => accountId.slice(-4).toLowerCase();

/** The link token for one account of one incident, valid until `expiresAt` (seconds). */
export function linkToken(key: SigningKey, secret: string, link: { incidentId: number; accountId: string; expiresAt: number }): string {
  return keyedLinkToken(key, { incidentId: link.incidentId, tenantKey: tenantKey(secret, link.accountId), ending: accountEnding(link.accountId), expiresAt: link.expiresAt });
}

/** The same, for an account known only by its keyed hash and ending (a notice: its id was never kept). */
export function keyedLinkToken(key: SigningKey, link: { incidentId: number; tenantKey: string; ending: string; expiresAt: number }): string {
  const payload: z.infer<typeof linkPayload> = { v: 1, i: link.incidentId, t: link.tenantKey, e: link.ending, x: link.expiresAt };
  return signToken(key.key, key.kid, PURPOSE.link, payload);
}

/** The payload of a token signed by a key still in force, for this purpose; null otherwise. */
function opened(keys: KeyFinder, purpose: string, token: string): unknown {
  return openToken(keys, purpose, token);
}

/** The token of a link ("https://…/lookup/link?token=…"), or the text itself when it is not a link. */
export function linkTokenOf(text: string): string {
  if (!/^https?:\/\//i.test(text)) return text;
  try {
    return new URL(text).searchParams.get("token") ?? "";
  } catch {
    return "";
  }
}

/** What a link proves for this incident at `now` (seconds): a forged, revoked, expired or other incident's link proves nothing. */
export function checkLink(keys: KeyFinder, token: string, incidentId: number, now: number): LinkCheck {
  const parsed = linkPayload.safeParse(opened(keys, PURPOSE.link, token));
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const p = parsed.data;
  if (p.i !== incidentId) return { ok: false, reason: "other-incident" };
  if (p.x <= now) return { ok: false, reason: "expired" };
  return { ok: true, proof: { tenantKey: p.t, ending: p.e, via: "link", incidentId: p.i, expiresAt: p.x } };
}

/** A session token for this proof, ending at the earlier of the proof's end and `until` (seconds). */
export function sessionToken(key: SigningKey, proof: AccountProof, until: number): string {
  const payload: z.infer<typeof sessionPayload> = {
    v: 2,
    s: randomBytes(16).toString("base64url"),
    i: proof.incidentId,
    t: proof.tenantKey,
    e: proof.ending,
    via: proof.via,
    x: Math.min(proof.expiresAt, until),
  };
  return signToken(key.key, key.kid, PURPOSE.session, payload);
}

/** The session a token carries at `now` (seconds), for whichever incident; null when it is not one, has expired or was ended. */
export async function sessionOf(keys: KeyFinder, ended: EndedCheck, token: string, now: number): Promise<SessionProof | null> {
  const parsed = sessionPayload.safeParse(opened(keys, PURPOSE.session, token));
  if (!parsed.success) return null;
  const p = parsed.data;
  if (p.x <= now || (await ended(p.s))) return null;
  return { sessionId: p.s, tenantKey: p.t, ending: p.e, via: p.via, incidentId: p.i, expiresAt: p.x };
}

/** The proof a session token carries for this incident at `now` (seconds), or null. */
export async function readSession(keys: KeyFinder, ended: EndedCheck, token: string, incidentId: number, now: number): Promise<SessionProof | null> {
  const session = await sessionOf(keys, ended, token, now);
  return session && (session.incidentId === null || session.incidentId === incidentId) ? session : null;
}
