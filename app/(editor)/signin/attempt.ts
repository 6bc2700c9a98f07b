import "server-only";
import { hmac } from "@/lib/hmac";
import type { Store } from "@/db/store/store";
import { readEnv } from "@/config/env";
import { bucketsOf } from "@/db/buckets";
import { RateLimiter } from "@/db/rate-limit";
import { appLookupSecret } from "@/config/secret";
import { type AccountUser, authenticate } from "@/db/users";
import { clientAddress } from "@/lib/client-address";
import { deviceToken, holdsDevice } from "./device";

export const WRONG_CREDENTIALS = "Email or password is wrong.";

export type SignInAttempt =
  | { kind: "signed-in"; user: AccountUser; device: string }
  | { kind: "refused"; message: string }
  | { kind: "throttled"; message: string; retryAfterSeconds: number };

type Limits = { client: RateLimiter; pair: RateLimiter; account: RateLimiter; trustProxy: boolean };
const cache = new WeakMap<Store, Limits>();

function limits(store: Store): Limits {
  let l = cache.get(store);
  if (!l) {
    const env = readEnv();
    l = {
      client: new RateLimiter(bucketsOf(store), "signin-client", env.SIGNIN_RATE_LIMIT_PER_MINUTE, 60_000),
      pair: new RateLimiter(bucketsOf(store), "signin-pair", env.SIGNIN_ACCOUNT_CLIENT_LIMIT_PER_15_MINUTES, 15 * 60_000),
      account: new RateLimiter(bucketsOf(store), "signin-account", env.SIGNIN_ACCOUNT_LIMIT_PER_HOUR, 60 * 60_000),
      trustProxy: env.TRUST_PROXY === "1",
    };
    cache.set(store, l);
  }
  return l;
}

/** Keyed, so neither the limiter's table nor the log holds an email that could be read back. */
function emailKey(email: string): string {
  return hmac(appLookupSecret(), "signin-email", email.trim().toLowerCase()).toString("hex");
}

function throttled(scope: "client" | "account-client" | "account", client: string, key: string | null, retryAfterSeconds: number): SignInAttempt {
  console.warn(JSON.stringify({ event: "signin_rate_limited", scope, client, email: key?.slice(0, 12) ?? null }));
  return { kind: "throttled", message: `Too many sign-in attempts; try again in ${retryAfterSeconds} s.`, retryAfterSeconds };
}

/**
 * One sign-in attempt, in the order of OWASP ASVS 5.0 §6.3: the client's limit (whatever emails it
 * tries), the limit of this email from this client, then, unless the browser holds a device token
 * for this email, the email's slower limit from all such clients together. So guesses from anywhere
 * slow down an account's strangers, never its owner's known browser. Known or unknown emails alike.
 */
export async function attemptSignIn(
  store: Store,
  { email, password }: { email: string; password: string },
  requestHeaders: Pick<Headers, "get">,
  { device, now = Date.now() }: { device?: string; now?: number } = {},
): Promise<SignInAttempt> {
  const l = limits(store);
  const client = clientAddress(requestHeaders, l.trustProxy);
  const byClient = await l.client.take(client, now);
  if (!byClient.allowed) return throttled("client", client, null, byClient.retryAfterSeconds);
  const key = emailKey(email);
  // PostgreSQL's text holds no NUL: a space, which neither a hex key nor an address has.
  const pairKey = `${key} ${client}`;
  const byPair = await l.pair.take(pairKey, now);
  if (!byPair.allowed) return throttled("account-client", client, key, byPair.retryAfterSeconds);
  if (!holdsDevice(device, key)) {
    const byAccount = await l.account.take(key, now);
    if (!byAccount.allowed) return throttled("account", client, key, byAccount.retryAfterSeconds);
  }
  const user = await authenticate(store, email, password);
  if (!user) return { kind: "refused", message: WRONG_CREDENTIALS };
  await l.pair.forget(pairKey);
  return { kind: "signed-in", user, device: deviceToken(key) };
}
