import "server-only";
import { type Env, readEnv } from "@/config/env";
import { appLookupSecret } from "@/config/secret";
import type { Db } from "@/db/client";
import { RateLimiter, sqliteBuckets } from "@/db/rate-limit";
import { DomainError } from "@/domain/errors";
import { clientAddress } from "@/lib/client-address";
import { addressHash } from "./addresses";
import { type Refusal, type SubscribeAsk, carryOut, planSignUp } from "./subscribe";

export type SignUpAnswer =
  | { kind: "asked"; channel: "email" | "webhook"; secret: string | null }
  | { kind: "invalid"; refusal: Refusal }
  | { kind: "limited"; retryAfterSeconds: number };

type Limits = { client: RateLimiter; address: RateLimiter; env: Env };
const limits = new WeakMap<Db, Limits>();
function limitsOf(db: Db): Limits {
  let l = limits.get(db);
  if (!l) {
    const env = readEnv();
    l = { env, client: new RateLimiter(sqliteBuckets(db), "subscribe-client", env.SUBSCRIBE_CLIENT_LIMIT_PER_HOUR, 3_600_000), address: new RateLimiter(sqliteBuckets(db), "subscribe-address", env.SUBSCRIBE_ADDRESS_LIMIT_PER_HOUR, 3_600_000) };
    limits.set(db, l);
  }
  return l;
}

/**
 * A reader's sign-up as the form sends it: throttled per client and per address, checked, and
 * answered the same whether the address was known, subscribed or new; the work that differs
 * (writing, queueing the confirmation) runs after the answer, so its time tells nothing either.
 */
export async function requestSignUp(db: Db, ask: SubscribeAsk, headers: Pick<Headers, "get">, now = new Date()): Promise<SignUpAnswer> {
  const l = limitsOf(db);
  const byClient = await l.client.take(clientAddress(headers, l.env.TRUST_PROXY === "1"), now.getTime());
  if (!byClient.allowed) return { kind: "limited", retryAfterSeconds: byClient.retryAfterSeconds };
  const plan = planSignUp(db, ask, l.env.WEBHOOK_ALLOW_PRIVATE === "1");
  if ("field" in plan) return { kind: "invalid", refusal: plan };
  const secret = appLookupSecret();
  const byAddress = await l.address.take(addressHash(secret, plan.channel, plan.address), now.getTime());
  if (!byAddress.allowed) return { kind: "limited", retryAfterSeconds: byAddress.retryAfterSeconds };
  setImmediate(() => carryOutLater(db, plan, secret, now, 5));
  return { kind: "asked", channel: plan.channel, secret: plan.secret };
}

// Accepted is kept: a database busy with an import is waited out, a few seconds at a time.
function carryOutLater(db: Db, plan: Parameters<typeof carryOut>[1], secret: string, now: Date, tries: number): void {
  try {
    carryOut(db, plan, secret, now);
  } catch (error) {
    const busy = error instanceof DomainError && error.code === "busy";
    console.error(JSON.stringify({ event: "subscribe_failed", channel: plan.channel, busy, triesLeft: tries - 1, message: error instanceof Error ? error.message : String(error) }));
    if (busy && tries > 1) setTimeout(() => carryOutLater(db, plan, secret, now, tries - 1), 2_000).unref();
  }
}
