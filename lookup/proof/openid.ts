import "server-only";
import * as oidc from "openid-client";
import { z } from "zod";
import { getStore } from "@/db/app-store";
import type { Store } from "@/db/store/store";
import { type Env, readEnv } from "@/config/env";
import { keysIn } from "./keys";
import { appLookupSecret } from "@/config/secret";
import { accountIdOf, PLAIN_SHAPE } from "@/domain/record/affected-shape";
import { readAffectedShape } from "@/db/read/incident";
import { openToken, signToken } from "@/lib/signed-token";
import { tenantKey } from "@/lib/tenant-key";
import { isSecureRequest } from "@/config/request";
import { cookieName, cookieOptions, cookieValue, setCookie } from "@/lib/cookies";
import { openSession, serverSigningKey } from "./exchange";
import { accountEnding } from "./tokens";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/i18n/locales";

// Sign-in with the provider's own identity provider: OpenID Connect, authorization code with PKCE,
// state and nonce (openid-client). The ID token's account claim proves the account in every
// incident; the browser gets a lookup session, never the provider's tokens.

export const OPENID_CALLBACK_PATH = "/lookup/openid/callback";
const FLOW_COOKIE = "aftermath_lookup_openid";
const FLOW_SECONDS = 10 * 60;
const PURPOSE = "lookup-openid-flow";

type Settings = { issuer: URL; clientId: string; clientSecret: string; claim: string; scopes: string; redirectUri: string };

let fromEnv: { settings: Settings | null } | undefined;

/** The running server's sign-in settings, read from its environment once: the lookup asks on every request. */
export function appOpenidSettings(): Settings | null {
  fromEnv ??= { settings: openidSettings() };
  return fromEnv.settings;
}

/** The sign-in's settings, or null when it is off (LOOKUP_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET not all set). */
export function openidSettings(env: Env = readEnv()): Settings | null {
  if (!env.LOOKUP_OIDC_ISSUER || !env.LOOKUP_OIDC_CLIENT_ID || !env.LOOKUP_OIDC_CLIENT_SECRET || !env.PUBLIC_ORIGIN) return null;
  return {
    issuer: new URL(env.LOOKUP_OIDC_ISSUER),
    clientId: env.LOOKUP_OIDC_CLIENT_ID,
    clientSecret: env.LOOKUP_OIDC_CLIENT_SECRET,
    claim: env.LOOKUP_OIDC_ACCOUNT_CLAIM,
    scopes: env.LOOKUP_OIDC_SCOPES,
    redirectUri: `${env.PUBLIC_ORIGIN}${OPENID_CALLBACK_PATH}`,
  };
}

const loopback = (url: URL) => url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
let discovered: { issuer: string; config: Promise<oidc.Configuration> } | null = null;

/** The issuer's metadata, fetched once; a failed fetch is forgotten, so the next sign-in tries again. */
function configuration(s: Settings): Promise<oidc.Configuration> {
  if (discovered?.issuer !== s.issuer.href) {
    // Plain HTTP only for an issuer on this machine (the tests' own provider); anywhere else HTTPS.
    const execute = loopback(s.issuer) ? [oidc.allowInsecureRequests] : [];
    const config = oidc.discovery(s.issuer, s.clientId, undefined, oidc.ClientSecretBasic(s.clientSecret), { execute, timeout: 10 });
    config.catch(() => {
      if (discovered?.config === config) discovered = null;
    });
    discovered = { issuer: s.issuer.href, config };
  }
  return discovered.config;
}

// `l`: the language the sign-in began in, so the callback (one fixed address) lands on that page; absent in flows begun before.
const flowPayload = z.strictObject({ v: z.literal(1), slug: z.string().max(200), l: z.enum(LOCALES).optional(), state: z.string(), verifier: z.string(), nonce: z.string(), x: z.number().int() });
const flowCookie = (headers: Pick<Headers, "get">, value: string, maxAge: number) => {
  const secure = isSecureRequest(headers);
  return setCookie(cookieName(FLOW_COOKIE, secure), value, cookieOptions(secure, maxAge));
};

/** Where to send the browser to sign in, and the cookie that carries the flow's secrets (PKCE verifier, state, nonce) back to us. */
export async function beginSignIn(s: Settings, slug: string, headers: Pick<Headers, "get">, { locale = DEFAULT_LOCALE, now = Date.now(), store = getStore() }: { locale?: Locale; now?: number; store?: Store } = {}): Promise<{ location: string; setCookie: string }> {
  const config = await configuration(s);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: s.redirectUri,
    scope: s.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const key = await serverSigningKey(store);
  const payload: z.infer<typeof flowPayload> = { v: 1, slug, l: locale, state, verifier, nonce, x: Math.floor(now / 1000) + FLOW_SECONDS };
  return { location: url.href, setCookie: flowCookie(headers, signToken(key.key, key.kid, PURPOSE, payload), FLOW_SECONDS) };
}

/** What went wrong, for the log: openid-client's code and cause, or the provider's error; never a token, state or nonce. */
function whyFailed(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const parts = [error.message];
  const fields = error as Error & { code?: unknown; error?: unknown; error_description?: unknown };
  for (const value of [fields.code, fields.error, fields.error_description]) if (typeof value === "string") parts.push(value);
  if (error.cause instanceof Error) parts.push(error.cause.message);
  return parts.join("; ");
}

export type SignInOutcome = { slug: string | null; locale: Locale; result: "signed-in" | "failed" | "no-account"; setCookies: string[] };

async function readFlow(store: Store, headers: Pick<Headers, "get">, now: number): Promise<z.infer<typeof flowPayload> | null> {
  const token = cookieValue(headers.get("cookie"), cookieName(FLOW_COOKIE, isSecureRequest(headers)));
  const keys = await store.read((tx) => keysIn(tx, appLookupSecret()));
  const parsed = flowPayload.safeParse(token ? openToken(keys, PURPOSE, token) : null);
  return parsed.success && parsed.data.x > now / 1000 ? parsed.data : null;
}

/**
 * The provider's answer at the callback: the code exchanged (PKCE verifier, state and nonce checked
 * by openid-client), the ID token's account claim read as an account id. A missing or malformed
 * claim proves nothing ("no-account"); nothing of the provider's tokens is kept.
 */
export async function finishSignIn(s: Settings, target: string, headers: Pick<Headers, "get">, now = Date.now(), store: Store = getStore()): Promise<SignInOutcome> {
  const flow = await readFlow(store, headers, now);
  const clear = flowCookie(headers, "", 0);
  if (!flow) return { slug: null, locale: DEFAULT_LOCALE, result: "failed", setCookies: [clear] };
  const fail = (result: "failed" | "no-account", why: string): SignInOutcome => {
    console.warn(JSON.stringify({ event: "lookup_openid_refused", result, why }));
    return { slug: flow.slug, locale: flow.l ?? DEFAULT_LOCALE, result, setCookies: [clear] };
  };
  let claim: unknown;
  try {
    const config = await configuration(s);
    const current = new URL(target, s.redirectUri);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    claim = idToken?.[s.claim];
    // A provider that keeps scope claims out of the ID token (OpenID Connect Core §5.4) gives them at UserInfo.
    if (claim === undefined && idToken) claim = (await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub))[s.claim];
  } catch (error) {
    return fail("failed", whyFailed(error));
  }
  // The claim in the form of the incident's own account ids (its list's shape).
  const account = accountIdOf(((await store.read((tx) => readAffectedShape(tx, flow.slug))) ?? PLAIN_SHAPE).account).safeParse(claim);
  if (!account.success) return fail("no-account", `the ${s.claim} claim is ${claim === undefined ? "missing" : "not an account id"}`);
  const proof = { tenantKey: tenantKey(appLookupSecret(), account.data), ending: accountEnding(account.data), via: "openid" as const, incidentId: null, expiresAt: Math.floor(now / 1000) + 24 * 3600 };
  return { slug: flow.slug, locale: flow.l ?? DEFAULT_LOCALE, result: "signed-in", setCookies: [clear, await openSession(store, headers, proof, now)] };
}
