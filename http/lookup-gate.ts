import "server-only";
import { z } from "zod";
import { type Db, getDb } from "@/db/client";
import { type Covered, type LookupAnswer, type LookupIncident, lookupAffected, lookupIncident } from "@/db/lookup";
import { generationReader } from "@/db/generation";
import { type KeyFinder, type SigningKey, keyByKid } from "@/db/lookup-keys";
import { appLookupSecret } from "@/db/lookup-secret";
import type { RateDecision } from "@/db/rate-limit";
import { fieldErrors } from "@/domain/input";
import { accountId, requestId } from "@/domain/record/affected";
import { tenantKey } from "@/lib/tenant-key";
import { lookupLimits, logLimited, rateHeaders, takeClient } from "./lookup-limits";
import { type AccountProof, checkLink, linkTokenOf, readSession } from "@/db/lookup-proof";
import { sentLookupSession } from "./lookup-session";

export const MAX_REQUEST_IDS = 100;

/** A lookup asks with a link, or an account id and request ids from the tenant's logs; or with nothing, and a lookup session cookie. */
export const lookupInput = z
  .strictObject({
    // The whole link as the notice gives it, or only its token.
    link: z.string().max(2048, "this is not a lookup link: copy the whole link from the notice").transform(linkTokenOf).optional(),
    accountId: accountId.optional(),
    requestIds: z
      .array(requestId)
      .min(1, "give at least one request id")
      .max(MAX_REQUEST_IDS, `send at most ${MAX_REQUEST_IDS} request ids at a time`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.link !== undefined && (body.accountId !== undefined || body.requestIds !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["link"], message: "send a link alone: it names the account already" });
    }
    if (body.requestIds !== undefined && body.accountId === undefined) {
      ctx.addIssue({ code: "custom", path: ["accountId"], message: "request ids are checked against an account: give its id too" });
    }
  });

export type { LookupAnswer } from "@/db/lookup";

export type Headers_ = Record<string, string>;
export type GateResult =
  | { kind: "answer"; answer: LookupAnswer; headers: Headers_ }
  /** No proof was given: the same for every account id, whatever the record holds. */
  | { kind: "proof-required"; headers: Headers_ }
  | { kind: "link-refused"; reason: "invalid" | "expired" | "other-incident"; headers: Headers_ }
  | { kind: "invalid"; errors: Array<{ field: string; message: string }>; headers: Headers_ }
  | { kind: "not-found"; headers: Headers_ }
  | { kind: "no-list"; list: "none" | "counts-only"; headers: Headers_ }
  | { kind: "limited"; scope: "client" | "account"; decision: RateDecision; headers: Headers_ };

type Proven = { covered: Covered; proof: LookupAnswer["proof"]; owner: AccountProof | null };

/**
 * Every lookup, from the API (at the server's edge) or the page, passes here: the client's limit,
 * the body, the incident, the proof, the owner's own limit, then the query of what the proof
 * covers. Errors are values; the caller maps them to HTTP or to a form.
 */
export function runLookup(slug: string, input: unknown, headers: Pick<Headers, "get">, now = Date.now(), db: Db = getDb()): GateResult {
  const l = lookupLimits(db);
  const { client, byClient, headers: clientHeaders } = takeClient(db, headers, now);
  if (!byClient.allowed) return { kind: "limited", scope: "client", decision: byClient, headers: clientHeaders };
  const parsed = lookupInput.safeParse(input);
  if (!parsed.success) return { kind: "invalid", errors: fieldErrors(parsed.error.issues), headers: clientHeaders };
  const secret = appLookupSecret();
  const record = snapshotOf(db, secret);
  const incident = remember(record.incidents, slug, () => lookupIncident(db, slug));
  if (!incident) return { kind: "not-found", headers: clientHeaders };
  if (incident.list !== "published") return { kind: "no-list", list: incident.list, headers: clientHeaders };

  const seconds = Math.floor(now / 1000);
  const body = parsed.data;
  let proven: Proven | null = null;
  if (body.link !== undefined) {
    const link = checkLink(record.keys, body.link, incident.id, seconds);
    if (!link.ok) return { kind: "link-refused", reason: link.reason, headers: clientHeaders };
    proven = owned(link.proof);
  } else if (body.accountId !== undefined && body.requestIds !== undefined) {
    const key = tenantKey(secret, body.accountId);
    proven = { covered: { kind: "request-ids", tenantKey: key, requestIds: body.requestIds }, proof: { kind: "request-ids" }, owner: null };
  } else {
    const token = sentLookupSession(headers);
    const session = token === undefined ? null : readSession(record.keys, token, incident.id, seconds);
    // An account id alone proves nothing; with a session it must be the session's own account.
    if (session && (body.accountId === undefined || tenantKey(secret, body.accountId) === session.tenantKey)) proven = owned(session);
  }
  if (!proven) return { kind: "proof-required", headers: clientHeaders };

  let headersOut = clientHeaders;
  if (proven.owner) {
    const byAccount = l.account.take(proven.owner.tenantKey, now);
    headersOut = rateHeaders(l, byClient, byAccount);
    if (!byAccount.allowed) {
      logLimited("account", client, proven.owner.tenantKey);
      return { kind: "limited", scope: "account", decision: byAccount, headers: headersOut };
    }
  }
  const rows = lookupAffected(db, incident, proven.covered);
  return { kind: "answer", answer: { ...rows, proof: proven.proof }, headers: headersOut };
}

/** What a lookup reads of the record besides the rows: the incident with its live list, and the signing keys. */
type Snapshot = { generation: () => number; at: number; incidents: Map<string, LookupIncident | null>; keyMap: Map<string, SigningKey | null>; keys: KeyFinder };
const snapshots = new WeakMap<Db, Snapshot>();

/**
 * The incidents and signing keys as the record stands, read again only when it changed: every
 * change (a list made live, a publish, a key rotation) appends an audit entry, the generation
 * (db/generation), read once per lookup, so nothing kept is older than the request reading it.
 */
function snapshotOf(db: Db, secret: string): Snapshot {
  let s = snapshots.get(db);
  if (!s) {
    const keyMap = new Map<string, SigningKey | null>();
    const keys: KeyFinder = (kid) => remember(keyMap, kid, () => keyByKid(db, secret, kid));
    s = { generation: generationReader(db.$client.name), at: -1, incidents: new Map(), keyMap, keys };
    snapshots.set(db, s);
  }
  const generation = s.generation();
  if (generation !== s.at || s.incidents.size + s.keyMap.size > 1000) {
    s.incidents.clear();
    s.keyMap.clear();
    s.at = generation;
  }
  return s;
}

function remember<T>(map: Map<string, T | null>, key: string, read: () => T | null): T | null {
  let found = map.get(key);
  if (found === undefined) {
    found = read();
    map.set(key, found);
  }
  return found;
}

function owned(proof: AccountProof): Proven {
  return {
    covered: { kind: "account", tenantKey: proof.tenantKey },
    proof: { kind: "account", via: proof.via, accountEnding: proof.ending, expiresAt: new Date(proof.expiresAt * 1000).toISOString() },
    owner: proof,
  };
}
