import "server-only";
import type { z } from "zod";
import { getStore } from "@/db/app-store";
import type { Store } from "@/db/store/store";
import type { LookupAnswer } from "@/domain/lookup";
import { type Covered, type PublishedList, lookupAffected } from "./rows";
import { appLookupSecret } from "@/config/secret";
import type { RateDecision } from "@/db/rate-limit";
import { checkedErrors } from "./input-errors";
import { tenantKey } from "@/lib/tenant-key";
import { lookupLimits, logLimited, rateHeaders, takeClient } from "./limits";
import { type AccountProof, type EndedCheck, checkLink, readSession } from "./proof/tokens";
import { INPUT_MESSAGES, lookupInput } from "./input";
import { accountIdOf } from "@/domain/record/affected-shape";
import { sessionEnds } from "./proof/session-end";
import { sentLookupSession } from "./proof/cookies";
import { type View, currentView, freshView } from "./snapshot";

type Headers_ = Record<string, string>;
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
type Decided = GateResult | { kind: "proven"; incident: PublishedList; proven: Proven };

/**
 * Every lookup, from the API (at the server's edge) or the page, passes here: the client's limit,
 * the body, the incident, the proof, the owner's own limit, then the query of what the proof
 * covers. Errors are values; the caller maps them to HTTP or to a form. The incident and the keys
 * come from a view of the record (lookup/snapshot.ts); an answer from a view the record has moved
 * past is decided again from fresh reads, so none is older than its request. The rows and their
 * generation are one read (one snapshot).
 */
export async function runLookup(slug: string, input: unknown, headers: Pick<Headers, "get">, now = Date.now(), store: Store = getStore()): Promise<GateResult> {
  const l = lookupLimits(store);
  const { client, byClient, headers: clientHeaders } = await takeClient(store, headers, now);
  if (!byClient.allowed) return { kind: "limited", scope: "client", decision: byClient, headers: clientHeaders };
  const secret = appLookupSecret();
  let record = await currentView(store, secret);
  const parsed = lookupInput.safeParse(input);
  if (!parsed.success) {
    const errors = checkedErrors(parsed.error.issues);
    return { kind: "invalid", errors: errors.some((e) => e.field === "accountId") ? errors : [...errors, ...(await accountIdProblems(record, slug, input))], headers: clientHeaders };
  }
  const ask = { slug, body: parsed.data, headers, seconds: Math.floor(now / 1000), secret, clientHeaders, ended: sessionEnds(store) };
  let decided = await decide(record, ask);
  // Without rows there is no generation read with them: check it here (a cheap path).
  if (decided.kind !== "proven") {
    const fresh = await freshView(store, secret);
    if (fresh !== record) {
      record = fresh;
      decided = await decide(record, ask);
    }
  }
  if (decided.kind !== "proven") return decided;

  let headersOut = clientHeaders;
  const owner = decided.proven.owner;
  if (owner) {
    const byAccount = await l.account.take(owner.tenantKey, now);
    headersOut = rateHeaders(l, byClient, byAccount);
    if (!byAccount.allowed) {
      logLimited("account", client, owner.tenantKey);
      return { kind: "limited", scope: "account", decision: byAccount, headers: headersOut };
    }
  }
  const rows = (d: Extract<Decided, { kind: "proven" }>) => store.readOne((tx) => lookupAffected(tx, d.incident, d.proven.covered));
  let read = await rows(decided);
  if (read.generation !== record.at) {
    record = await freshView(store, secret);
    decided = await decide(record, ask);
    if (decided.kind !== "proven") return decided;
    read = await rows(decided);
  }
  return { kind: "answer", answer: { ...read.rows, proof: decided.proven.proof }, headers: headersOut };
}

/** With other fields wrong, the account id's form is named too (the incident's form), so one answer lists every field to fix. */
async function accountIdProblems(record: View, slug: string, input: unknown): Promise<Array<{ field: string; message: string }>> {
  const sent = typeof input === "object" && input !== null && "accountId" in input ? input.accountId : undefined;
  const shape = typeof sent === "string" ? (await record.incident(slug))?.shape : undefined;
  const parsed = shape && accountIdOf(shape.account).safeParse(sent);
  return parsed && !parsed.success ? checkedErrors(parsed.error.issues, "accountId") : [];
}

type Ask = { slug: string; body: z.output<typeof lookupInput>; headers: Pick<Headers, "get">; seconds: number; secret: string; clientHeaders: Headers_; ended: EndedCheck };

/** The incident, then what the request proves for it: an answer already, or what the rows must cover. */
async function decide(record: View, { slug, body, headers, seconds, secret, clientHeaders, ended }: Ask): Promise<Decided> {
  const incident = await record.incident(slug);
  if (!incident) return { kind: "not-found", headers: clientHeaders };
  if (incident.list !== "published") return { kind: "no-list", list: incident.list, headers: clientHeaders };
  if (body.link !== undefined) {
    const link = checkLink(await record.keys(), body.link, incident.id, seconds);
    return link.ok ? { kind: "proven", incident, proven: owned(link.proof) } : { kind: "link-refused", reason: link.reason, headers: clientHeaders };
  }
  let account: string | undefined;
  if (body.accountId !== undefined) {
    const parsed = accountIdOf(incident.shape.account).safeParse(body.accountId);
    if (!parsed.success) return { kind: "invalid", errors: checkedErrors(parsed.error.issues, "accountId"), headers: clientHeaders };
    account = parsed.data;
  }
  if (account !== undefined && body.requestIds !== undefined) {
    if (!incident.shape.requestIds) {
      return { kind: "invalid", errors: [{ field: "requestIds", message: INPUT_MESSAGES.noIdsInList }], headers: clientHeaders };
    }
    const covered = { kind: "request-ids" as const, tenantKey: tenantKey(secret, account), requestIds: body.requestIds };
    return { kind: "proven", incident, proven: { covered, proof: { kind: "request-ids" }, owner: null } };
  }
  const token = sentLookupSession(headers);
  const session = token === undefined ? null : await readSession(await record.keys(), ended, token, incident.id, seconds);
  // An account id alone proves nothing; with a session it must be the session's own account.
  if (session && (account === undefined || tenantKey(secret, account) === session.tenantKey)) {
    return { kind: "proven", incident, proven: owned(session) };
  }
  return { kind: "proof-required", headers: clientHeaders };
}

function owned(proof: AccountProof): Proven {
  return {
    covered: { kind: "account", tenantKey: proof.tenantKey },
    proof: { kind: "account", via: proof.via, accountEnding: proof.ending, expiresAt: new Date(proof.expiresAt * 1000).toISOString() },
    owner: proof,
  };
}
