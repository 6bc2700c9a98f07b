import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { INCIDENT_PATH } from "./support/contract";
import { newEditor } from "./support/editor";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


async function withContext(javaScriptEnabled: boolean, body: (context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({
    baseURL: fileServer().baseURL,
    javaScriptEnabled,
    // The test server trusts X-Forwarded-For: each context is its own client for the rate limit.
    extraHTTPHeaders: { "x-forwarded-for": newClient() },
  });
  try {
    await body(context);
  } finally {
    await context.close();
  }
}

const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "aftermath_session");

describe.each([
  ["off", false],
  ["on", true],
] as const)("signing in and out with JavaScript %s", (_label, js) => {
  it("refuses a wrong password, then signs in, lands on next, and signs out for good", async () => {
    const { email, password } = newEditor();
    await withContext(js, async (context) => {
      const page = await context.newPage();
      const posts: Array<{ path: string; serverAction: boolean }> = [];
      page.on("request", (r) => {
        if (r.method() === "POST") posts.push({ path: new URL(r.url()).pathname, serverAction: r.headers()["next-action"] !== undefined });
      });
      const response = await page.goto(`/signin?next=${encodeURIComponent(INCIDENT_PATH)}`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("not the password, surely");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Email or password is wrong." }).waitFor()).resolves.toBeUndefined();
      expect(await sessionCookie(context)).toBeUndefined();

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      // Signing in hashes the password at scrypt's full cost, then renders the page: longer than expect.poll's 1 s.
      await page.waitForURL((url) => url.pathname === INCIDENT_PATH);
      const cookie = await sessionCookie(context);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });
      expect(await page.evaluate(() => document.cookie).catch(() => "")).not.toContain("aftermath_session");

      // With JavaScript the form posts as a server-action fetch; without, as a plain form.
      expect(posts.filter((p) => p.path === "/signin").map((p) => p.serverAction)).toEqual([js, js]);

      await page.goto("/signout");
      await expect(page.getByText(`Signed in as ${email}.`).waitFor()).resolves.toBeUndefined();
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/signin");
      expect(await sessionCookie(context)).toBeUndefined();

      // The old id is dead on the server too, not only gone from this browser.
      await context.addCookies([{ ...(cookie as NonNullable<typeof cookie>) }]);
      await page.goto("/signout");
      expect(new URL(page.url()).pathname).toBe("/signin");
    });
  });
});

describe.each([
  ["off", false],
  ["on", true],
] as const)("a throttled sign-in with JavaScript %s", (_label, js) => {
  it("answers 429 and the form says when to try again", async () => {
    const { email } = newEditor();
    await withContext(js, async (context) => {
      const page = await context.newPage();
      const statuses: number[] = [];
      page.on("response", (r) => {
        if (r.request().method() === "POST") statuses.push(r.status());
      });
      await page.goto("/signin", { waitUntil: "networkidle" });
      for (let i = 0; i < 6; i++) {
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password").fill(`wrong password number ${i}`);
        const answered = page.waitForResponse((r) => r.request().method() === "POST");
        await page.getByRole("button", { name: "Sign in" }).click();
        await answered;
        await page.getByRole("alert").filter({ hasText: i < 5 ? "Email or password is wrong." : "Too many sign-in attempts" }).waitFor({ timeout: 5000 }).catch(async () => {
          throw new Error(`attempt ${i + 1}: statuses ${statuses.join(",")}; page says: ${(await page.locator("main").innerText()).slice(0, 300)}`);
        });
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
});

describe("the sign-in page", () => {
  it.each(["light", "dark"] as const)("has no axe violations in %s mode, before and after a refusal", async (colorScheme) => {
    const context = await browser.newContext({ baseURL: fileServer().baseURL, colorScheme, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
    try {
      const page = await context.newPage();
      await page.goto("/signin", { waitUntil: "networkidle" });
      await expectNoAxeViolations(page, `/signin (${colorScheme})`);
      await page.getByLabel("Email").fill("nobody@example.com");
      await page.getByLabel("Password").fill("wrong password 123");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "Email or password is wrong." }).waitFor();
      await expectNoAxeViolations(page, `/signin with a refusal (${colorScheme})`);
    } finally {
      await context.close();
    }
  });
});
