import "server-only";
import { type Env, readEnv } from "@/config/env";
import { appLookupSecret } from "@/config/secret";
import { bucketsOf } from "@/db/buckets";
import { RateLimiter } from "@/db/rate-limit";
import type { Store } from "@/db/store/store";
import { clientAddress } from "@/lib/client-address";
import { addressHash } from "./addresses";
import { afterAnswer } from "./later";
import { type Refusal, type SubscribeAsk, carryOut, planSignUp } from "./subscribe";

export type SignUpAnswer =
  | { kind: "asked"; channel: "email" | "webhook"; secret: string | null }
  | { kind: "invalid"; refusal: Refusal }
  | { kind: "limited"; retryAfterSeconds: number };

type Limits = { client: RateLimiter; address: RateLimiter; env: Env };
const limits = new WeakMap<Store, Limits>();
function limitsOf(store: Store): Limits {
  let l = limits.get(store);
  if (!l) {
    const env = readEnv();
    l = { env, client: new RateLimiter(bucketsOf(store), "subscribe-client", env.SUBSCRIBE_CLIENT_LIMIT_PER_HOUR, 3_600_000), address: new RateLimiter(bucketsOf(store), "subscribe-address", env.SUBSCRIBE_ADDRESS_LIMIT_PER_HOUR, 3_600_000) };
    limits.set(store, l);
  }
  return l;
}

/**
 * A reader's sign-up as the form sends it: throttled per client and per address, checked, and
 * answered the same whether the address was known, subscribed or new; the work that differs
 * (writing, queueing the confirmation) runs after the answer, so its time tells nothing either.
 */
export async function requestSignUp(store: Store, ask: SubscribeAsk, headers: Pick<Headers, "get">, now = new Date()): Promise<SignUpAnswer> {
  const l = limitsOf(store);
  const byClient = await l.client.take(clientAddress(headers, l.env.TRUST_PROXY === "1"), now.getTime());
  if (!byClient.allowed) return { kind: "limited", retryAfterSeconds: byClient.retryAfterSeconds };
  const plan = await planSignUp(store.q, ask, l.env.WEBHOOK_ALLOW_PRIVATE === "1");
  if ("field" in plan) return { kind: "invalid", refusal: plan };
  const secret = appLookupSecret();
  const byAddress = await l.address.take(addressHash(secret, plan.channel, plan.address), now.getTime());
  if (!byAddress.allowed) return { kind: "limited", retryAfterSeconds: byAddress.retryAfterSeconds };
  afterAnswer("subscribe_failed", { channel: plan.channel }, () => carryOut(store, plan, secret, now));
  return { kind: "asked", channel: plan.channel, secret: plan.secret };
}
