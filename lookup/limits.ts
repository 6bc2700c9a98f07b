import "server-only";
import type { Store } from "@/db/store/store";
import { readEnv } from "@/config/env";
import { bucketsOf } from "@/db/buckets";
import { type RateDecision, RateLimiter } from "@/db/rate-limit";
import { clientAddress } from "@/lib/client-address";

type Limits = { client: RateLimiter; account: RateLimiter; trustProxy: boolean };
const cache = new WeakMap<Store, Limits>();

/** The lookup's two limits: per client address for every lookup, per account only for a proven owner. */
export function lookupLimits(store: Store): Limits {
  let l = cache.get(store);
  if (!l) {
    const env = readEnv();
    l = {
      client: new RateLimiter(bucketsOf(store), "lookup-client", env.LOOKUP_RATE_LIMIT_PER_MINUTE),
      account: new RateLimiter(bucketsOf(store), "lookup-account", env.LOOKUP_ACCOUNT_RATE_LIMIT_PER_MINUTE),
      trustProxy: env.TRUST_PROXY === "1",
    };
    cache.set(store, l);
  }
  return l;
}

/**
 * Rate-limit headers in the form of the IETF httpapi draft. The account's budget is shown only to
 * a proven owner: nobody else can spend it, or learn how much of it others spent.
 */
export function rateHeaders(l: Limits, client: RateDecision, account?: RateDecision): Record<string, string> {
  if (!l.client.enabled) return {};
  const policies = [`"client";q=${l.client.limit};w=60`];
  const states = [`"client";r=${client.remaining};t=${client.resetSeconds}`];
  if (account && l.account.enabled) {
    policies.push(`"account";q=${l.account.limit};w=60`);
    states.push(`"account";r=${account.remaining};t=${account.resetSeconds}`);
  }
  return { "ratelimit-policy": policies.join(", "), ratelimit: states.join(", ") };
}

export function logLimited(scope: string, client: string, key: string | null): void {
  // Never the raw account id: a prefix of its keyed hash is enough to correlate attempts.
  console.warn(JSON.stringify({ event: "lookup_rate_limited", scope, client, account: key?.slice(0, 12) ?? null }));
}

/** One lookup (or link exchange) taken from this client's budget. */
export async function takeClient(store: Store, headers: Pick<Headers, "get">, now: number): Promise<{ client: string; byClient: RateDecision; headers: Record<string, string> }> {
  const l = lookupLimits(store);
  // The address is only a limit's key (and its log line's); without limits it is not worked out.
  const client = l.client.enabled || l.account.enabled ? clientAddress(headers, l.trustProxy) : "";
  const byClient = await l.client.take(client, now);
  if (!byClient.allowed) logLimited("client", client, null);
  return { client, byClient, headers: rateHeaders(l, byClient) };
}
