import "server-only";
import { createHmac } from "node:crypto";
import type { Db } from "@/db/client";
import { readEnv } from "@/db/env";
import { appLookupSecret } from "@/db/lookup-secret";
import { type AccountUser, authenticate } from "@/db/users";
import { clientAddress } from "@/http/client-address";
import { RateLimiter } from "@/lib/rate-limit";

export const WRONG_CREDENTIALS = "Email or password is wrong.";

export type SignInAttempt =
  | { kind: "signed-in"; user: AccountUser }
  | { kind: "refused"; message: string };

type Limits = { client: RateLimiter; account: RateLimiter; trustProxy: boolean };
const cache = globalThis as unknown as { aftermathSignInLimits?: Limits };

function limits(): Limits {
  if (!cache.aftermathSignInLimits) {
    const env = readEnv();
    cache.aftermathSignInLimits = {
      client: new RateLimiter(env.SIGNIN_RATE_LIMIT_PER_MINUTE, 60_000),
      account: new RateLimiter(env.SIGNIN_ACCOUNT_RATE_LIMIT_PER_15_MINUTES, 15 * 60_000),
      trustProxy: env.TRUST_PROXY === "1",
    };
  }
  return cache.aftermathSignInLimits;
}

/** Keyed, so neither the limiter's memory nor the log holds an email that could be read back. */
function emailKey(email: string): string {
  return createHmac("sha256", appLookupSecret()).update(`signin-email\0${email.trim().toLowerCase()}`).digest("hex");
}

function limited(scope: "client" | "account", client: string, key: string | null, retryAfterSeconds: number): SignInAttempt {
  console.warn(JSON.stringify({ event: "signin_rate_limited", scope, client, email: key?.slice(0, 12) ?? null }));
  return { kind: "refused", message: `Too many sign-in attempts; try again in ${retryAfterSeconds} s.` };
}

/**
 * One sign-in attempt: the client's limit, the email's limit (known or not, so the limit says
 * nothing about which emails exist), then the password. Every wrong pair gets the same answer.
 */
export async function attemptSignIn(
  db: Db,
  { email, password }: { email: string; password: string },
  requestHeaders: Pick<Headers, "get">,
  now: number = Date.now(),
): Promise<SignInAttempt> {
  const l = limits();
  const client = clientAddress(requestHeaders, l.trustProxy);
  const byClient = l.client.take(client, now);
  if (!byClient.allowed) return limited("client", client, null, byClient.retryAfterSeconds);
  const key = emailKey(email);
  const byAccount = l.account.take(key, now);
  if (!byAccount.allowed) return limited("account", client, key, byAccount.retryAfterSeconds);
  const user = await authenticate(db, email, password);
  return user ? { kind: "signed-in", user } : { kind: "refused", message: WRONG_CREDENTIALS };
}
