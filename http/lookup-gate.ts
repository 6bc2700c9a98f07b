import "server-only";
import { z } from "zod";
import { fieldErrors } from "@/domain/input";
import { accountId, requestId } from "@/domain/record/affected";
import { clientAddress } from "@/http/client-address";
import { type RateDecision, RateLimiter } from "@/lib/rate-limit";
import { tenantKey } from "@/lib/tenant-key";
import { getDb } from "@/db/client";
import { readEnv } from "@/db/env";
import { type LookupAnswer, lookupAffected } from "@/db/lookup";
import { appLookupSecret } from "@/db/lookup-secret";

export const MAX_REQUEST_IDS = 100;

export const lookupInput = z.strictObject({
  accountId,
  requestIds: z
    .array(requestId)
    .max(MAX_REQUEST_IDS, `send at most ${MAX_REQUEST_IDS} request ids at a time`)
    .optional()
    .default([]),
});

type Limited = { scope: "client" | "account"; decision: RateDecision };
export type GateResult =
  | { kind: "answer"; answer: LookupAnswer; headers: Record<string, string> }
  | { kind: "invalid"; errors: Array<{ field: string; message: string }>; headers: Record<string, string> }
  | { kind: "not-found"; headers: Record<string, string> }
  | ({ kind: "limited"; headers: Record<string, string> } & Limited);

type Limits = { client: RateLimiter; account: RateLimiter; trustProxy: boolean };
const cache = globalThis as unknown as { aftermathLookupLimits?: Limits };

function limits(): Limits {
  if (!cache.aftermathLookupLimits) {
    const env = readEnv();
    cache.aftermathLookupLimits = {
      client: new RateLimiter(env.LOOKUP_RATE_LIMIT_PER_MINUTE),
      account: new RateLimiter(env.LOOKUP_ACCOUNT_RATE_LIMIT_PER_MINUTE),
      trustProxy: env.TRUST_PROXY === "1",
    };
  }
  return cache.aftermathLookupLimits;
}

/** Rate-limit headers in the form of the IETF httpapi draft (RateLimit-Policy and RateLimit). */
function rateHeaders(l: Limits, decisions: Array<[string, RateDecision]>): Record<string, string> {
  const policies = [
    ["client", l.client],
    ["account", l.account],
  ] as const;
  const active = policies.filter(([, limiter]) => limiter.enabled);
  if (active.length === 0) return {};
  const headers: Record<string, string> = {
    "ratelimit-policy": active.map(([name, limiter]) => `"${name}";q=${limiter.limit};w=60`).join(", "),
  };
  const shown = decisions.filter(([, d]) => d.limit > 0);
  if (shown.length > 0) headers.ratelimit = shown.map(([name, d]) => `"${name}";r=${d.remaining};t=${d.resetSeconds}`).join(", ");
  return headers;
}

function logLimited(scope: string, client: string, key: string | null): void {
  // Never the raw account id: a prefix of its keyed hash is enough to correlate attempts.
  console.warn(JSON.stringify({ event: "lookup_rate_limited", scope, client, account: key?.slice(0, 12) ?? null }));
}

/**
 * Every lookup, from the API or the page, passes here: the client's limit, then validation, then
 * the account's limit, then the query. Errors are values; the caller maps them to HTTP or to a form.
 */
export function runLookup(slug: string, input: unknown, headers: Pick<Headers, "get">, now = Date.now()): GateResult {
  const l = limits();
  const client = clientAddress(headers, l.trustProxy);
  const byClient = l.client.take(client, now);
  if (!byClient.allowed) {
    logLimited("client", client, null);
    return { kind: "limited", scope: "client", decision: byClient, headers: rateHeaders(l, [["client", byClient]]) };
  }
  const parsed = lookupInput.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    return { kind: "invalid", errors, headers: rateHeaders(l, [["client", byClient]]) };
  }
  const key = tenantKey(appLookupSecret(), parsed.data.accountId);
  const byAccount = l.account.take(key, now);
  const decisions: Array<[string, RateDecision]> = [
    ["client", byClient],
    ["account", byAccount],
  ];
  if (!byAccount.allowed) {
    logLimited("account", client, key);
    return { kind: "limited", scope: "account", decision: byAccount, headers: rateHeaders(l, decisions) };
  }
  const answer = lookupAffected(getDb(), { slug, tenantKey: key, requestIds: parsed.data.requestIds });
  if (!answer) return { kind: "not-found", headers: rateHeaders(l, decisions) };
  return { kind: "answer", answer, headers: rateHeaders(l, decisions) };
}
