import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { launchBrowser } from "./support/browser";
import { INCIDENT_PATH, SLUG } from "./support/contract";
import { type TestProvider, startProvider } from "./support/oidc-provider";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { freePort } from "./support/process";
import { UNAFFECTED_SAMPLE_ACCOUNT, sampleAccountIds, sampleRows } from "./support/sample";

// The OpenID sign-in end to end: our own server with the OpenID settings, a real provider
// (oidc-provider) beside it, Chromium through the provider's login and consent pages and back.

const LOOKUP = `${INCIDENT_PATH}/lookup`;
const CALLBACK = "/lookup/openid/callback";
const PROVIDER_NAME = "Test Cloud";
const ACCOUNT_CLAIM = "account_id";
const AFFECTED = sampleAccountIds()[2] ?? "";
const USERS = {
  good: { [ACCOUNT_CLAIM]: AFFECTED },
  unaffected: { [ACCOUNT_CLAIM]: UNAFFECTED_SAMPLE_ACCOUNT },
  wrong: { [ACCOUNT_CLAIM]: "not-an-account" },
  missing: {},
};
const NO_ACCOUNT = "You signed in, but your provider did not say which account is yours";

let provider: TestProvider;
let app: OwnServer;
let browser: Browser;

beforeAll(async () => {
  const [idpPort, appPort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${appPort}`;
  provider = await startProvider({ port: idpPort, redirectUri: `${origin}${CALLBACK}`, users: USERS, scopeClaims: { account: [ACCOUNT_CLAIM] } });
  app = await startOwnServer(appPort, {
    PUBLIC_ORIGIN: origin,
    LOOKUP_OIDC_ISSUER: provider.issuer,
    LOOKUP_OIDC_CLIENT_ID: provider.clientId,
    LOOKUP_OIDC_CLIENT_SECRET: provider.clientSecret,
    LOOKUP_OIDC_ACCOUNT_CLAIM: ACCOUNT_CLAIM,
    LOOKUP_OIDC_SCOPES: "openid account",
    LOOKUP_OIDC_NAME: PROVIDER_NAME,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await provider?.close();
});

type SignIn = { context: BrowserContext; page: Page; authorize: URL; callback: URL };
type Options = { rewrite?: (authorize: URL) => void; hold?: boolean };

/**
 * From the lookup page through the provider's login and consent, and back to the lookup page.
 * `rewrite` changes the authorization request on its way to the provider, as an attacker would;
 * `hold` stops at the provider's answer, so the callback is not yet opened (the page stays there).
 */
async function signIn(login: keyof typeof USERS, { rewrite, hold = false }: Options = {}): Promise<SignIn> {
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  const authorizations: URL[] = [];
  const callbacks: URL[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.origin === provider.issuer && url.pathname === "/auth") authorizations.push(url);
    if (url.origin === app.baseURL && url.pathname === CALLBACK) callbacks.push(url);
  });

  expect((await page.goto(LOOKUP))?.status()).toBe(200);
  if (rewrite) {
    // The context's request shares its cookies: the flow cookie lands where the browser keeps it.
    const start = await context.request.get(`${LOOKUP}/signin`, { maxRedirects: 0 });
    expect(start.status()).toBe(303);
    const authorize = new URL(start.headers().location ?? "");
    rewrite(authorize);
    await page.goto(authorize.href);
  } else {
    await page.getByRole("link", { name: `Sign in with ${PROVIDER_NAME}` }).click();
  }
  await page.locator('input[name="login"]').fill(login);
  await expectFlowCookie(context);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  if (hold) {
    callbacks.push(await consentWithoutFollowing(page));
  } else {
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.origin === app.baseURL && url.pathname === LOOKUP);
  }

  const [authorize, callback] = [authorizations[0], callbacks[0]];
  if (!authorize || !callback) throw new Error(`the sign-in never reached the provider's /auth or our callback: ${[...authorizations, ...callbacks].join(", ")}`);
  return { context, page, authorize, callback };
}

/** The consent form sent as the browser would (its cookies), its redirects read instead of followed: the callback, with its code unused. */
async function consentWithoutFollowing(page: Page): Promise<URL> {
  const form = page.locator("form").filter({ has: page.locator('input[name="prompt"][value="consent"]') });
  const action = new URL((await form.getAttribute("action")) ?? "", page.url());
  const confirmed = await page.context().request.post(action.href, { form: { prompt: "consent" }, maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);
  const resumed = await page.context().request.get(new URL(confirmed.headers().location ?? "", action).href, { maxRedirects: 0 });
  expect(resumed.status()).toBe(303);
  const callback = new URL(resumed.headers().location ?? "", action);
  expect(callback.origin + callback.pathname).toBe(app.baseURL + CALLBACK);
  return callback;
}

async function expectFlowCookie(context: BrowserContext) {
  const flow = (await context.cookies(app.baseURL)).find((c) => c.name === "aftermath_lookup_openid");
  expect(flow, "the flow cookie is set before the provider's login page").toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
}

const cookieNames = async (context: BrowserContext) => (await context.cookies(app.baseURL)).map((c) => c.name).filter((n) => n.startsWith("aftermath_"));

async function expectNothingShown(page: Page, notice: string) {
  await page.getByRole("alert").filter({ hasText: notice }).waitFor();
  const text = await page.locator("main").innerText();
  expect(text).not.toContain("Showing account ending");
  expect(text).not.toContain("Your account was affected");
  expect(text).not.toContain("No affected responses for this account");
  await expect(page.getByRole("link", { name: `Sign in with ${PROVIDER_NAME}` }).isVisible()).resolves.toBe(true);
}

describe("signing in to the lookup with OpenID Connect", () => {
  it("asks for a code with PKCE (S256), state and nonce, and exchanges it with client_secret_basic", async () => {
    const { context, authorize, callback } = await signIn("good");
    try {
      const q = authorize.searchParams;
      expect(Object.fromEntries([...q].filter(([k]) => ["response_type", "client_id", "redirect_uri", "scope", "code_challenge_method"].includes(k)))).toEqual({
        response_type: "code",
        client_id: provider.clientId,
        redirect_uri: `${app.baseURL}${CALLBACK}`,
        scope: "openid account",
        code_challenge_method: "S256",
      });
      // A SHA-256 challenge is 43 base64url characters; state and nonce are random, not empty.
      expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get("state")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(q.get("nonce")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(q.get("nonce")).not.toBe(q.get("state"));
      expect(callback.searchParams.get("state")).toBe(q.get("state"));
      expect(callback.searchParams.get("code")).toBeTruthy();
      const tokenRequests = provider.requests.filter((r) => r.method === "POST" && r.url.pathname === "/token");
      expect(tokenRequests.length).toBeGreaterThan(0);
      expect(tokenRequests.every((r) => r.basicAuth)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("shows an affected account from a good claim, and gives a session the lookup API takes", async () => {
    const { context, page } = await signIn("good");
    try {
      const ending = AFFECTED.slice(-4).toLowerCase();
      expect(new URL(page.url()).search, "signed in, and no code or state left in the address").toBe("");
      await page.getByRole("heading", { name: /Your account was affected/ }).waitFor();
      const text = await page.locator("main").innerText();
      expect(text).toContain(`Showing account ending …${ending}, signed in with ${PROVIDER_NAME}`);
      const session = (await context.cookies(app.baseURL)).find((c) => c.name === "aftermath_lookup");
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
      expect(await cookieNames(context)).not.toContain("aftermath_lookup_openid");

      const response = await context.request.post(`/api/incidents/${SLUG}/lookup`, { data: {}, headers: { "content-type": "application/json" } });
      expect(response.status()).toBe(200);
      const body: unknown = await response.json();
      expect(body).toMatchObject({ covers: "account", affected: true, proof: { kind: "account", via: "openid", accountEnding: ending } });
      const mine = sampleRows().filter((r) => r.accountId === AFFECTED).map((r) => r.requestId).sort();
      expect(mine.length).toBeGreaterThan(0);
      const { rows } = z.object({ rows: z.array(z.object({ requestId: z.string() })) }).parse(body);
      expect(rows.map((r) => r.requestId).sort()).toEqual(mine);
    } finally {
      await context.close();
    }
  });

  it.each([
    ["good", "", /Ваш аккаунт затронут/],
    ["missing", "?signin=no-account", /^Вы вошли, но провайдер не сообщил, какой аккаунт ваш/],
  ] as const)("lands a sign-in begun on the Russian page back on it, in Russian (%s claim)", async (login, search, said) => {
    const context = await browser.newContext({ baseURL: app.baseURL });
    try {
      const page = await context.newPage();
      await page.goto(`/ru${LOOKUP}`);
      await page.getByRole("link", { name: `Войти через ${PROVIDER_NAME}` }).click();
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill("any password");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((url) => url.origin === app.baseURL && url.pathname === `/ru${LOOKUP}`);
      expect(new URL(page.url()).search).toBe(search);
      if (login === "good") {
        await page.getByRole("heading", { name: said }).waitFor();
        expect(await page.locator("main").innerText()).toContain(`Показан аккаунт, оканчивающийся на …${AFFECTED.slice(-4).toLowerCase()}, вход через ${PROVIDER_NAME}`);
      } else {
        await page.getByRole("alert").filter({ hasText: said }).waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it("answers an account in no row as not affected", async () => {
    const { context, page } = await signIn("unaffected");
    try {
      expect(new URL(page.url()).search).toBe("");
      await page.getByRole("heading", { name: /No affected responses for this account/ }).waitFor();
      expect(await page.locator("main").innerText()).toContain(`Showing account ending …${UNAFFECTED_SAMPLE_ACCOUNT.slice(-4).toLowerCase()}, signed in with ${PROVIDER_NAME}`);
    } finally {
      await context.close();
    }
  });

  it.each(["wrong", "missing"] as const)("shows nothing when the account claim is %s", async (login) => {
    const { context, page } = await signIn(login);
    try {
      expect(new URL(page.url()).search).toBe("?signin=no-account");
      await expectNothingShown(page, NO_ACCOUNT);
      expect(await cookieNames(context)).toEqual([]);
      const response = await context.request.post(`/api/incidents/${SLUG}/lookup`, { data: {}, headers: { "content-type": "application/json" } });
      expect(response.status()).toBe(403);
    } finally {
      await context.close();
    }
  });

  it("refuses a callback whose state was changed, and the flow is over after it", async () => {
    const asked = provider.requests.length;
    const { context, page, callback } = await signIn("good", { hold: true });
    try {
      const tampered = new URL(callback);
      tampered.searchParams.set("state", randomBytes(32).toString("base64url"));
      await page.goto(tampered.href);
      expect(new URL(page.url()).search).toBe("?signin=failed");
      await expectNothingShown(page, "The sign-in did not complete");
      expect(await cookieNames(context)).toEqual([]);

      // The refusal cleared the flow cookie: even the untouched callback proves nothing now.
      await page.goto(callback.href);
      expect(new URL(page.url()).pathname).toBe("/");
      expect(await cookieNames(context)).toEqual([]);
      expect(provider.requests.slice(asked).filter((r) => r.url.pathname === "/token"), "no code was exchanged").toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("proves nothing from a callback opened in another browser, though its code is good", async () => {
    const { context, page, callback } = await signIn("good", { hold: true });
    const other = await browser.newContext({ baseURL: app.baseURL });
    try {
      const elsewhere = await other.newPage();
      await elsewhere.goto(callback.href);
      expect(new URL(elsewhere.url()).pathname).toBe("/");
      expect(await cookieNames(other)).toEqual([]);

      // The same callback in the browser that began the flow signs in: the code was good all along.
      await page.goto(callback.href);
      expect(new URL(page.url()).search).toBe("");
      await page.getByRole("heading", { name: /Your account was affected/ }).waitFor();
    } finally {
      await other.close();
      await context.close();
    }
  });

  const random = () => randomBytes(32).toString("base64url");
  // Each change is caught at its own step: PKCE by the provider's token endpoint, the nonce in the
  // ID token the provider gave.
  it.each([
    ["code_challenge", 400],
    ["nonce", 200],
  ] as const)("refuses the sign-in when the authorization request's %s was changed (token endpoint: %s)", async (param, tokenStatus) => {
    const [log, asked] = [app.output().length, provider.requests.length];
    const { context, page } = await signIn("good", { rewrite: (authorize) => authorize.searchParams.set(param, random()) });
    try {
      expect(new URL(page.url()).search).toBe("?signin=failed");
      await expectNothingShown(page, "The sign-in did not complete");
      expect(await cookieNames(context)).toEqual([]);
      const tokens = provider.requests.slice(asked).filter((r) => r.url.pathname === "/token");
      expect(tokens.map((r) => r.status)).toEqual([tokenStatus]);
      expect(app.output().slice(log)).toContain('"event":"lookup_openid_refused","result":"failed"');
    } finally {
      await context.close();
    }
  });
});
