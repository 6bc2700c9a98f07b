import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleAccountIds, sampleRows, UNAFFECTED_SAMPLE_ACCOUNT } from "./support/sample";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { INCIDENT_PATH, SLUG } from "./support/contract";
import { linksFor } from "./support/lookup";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

const LOOKUP = `${INCIDENT_PATH}/lookup`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withLookupPage(javaScriptEnabled: boolean, client: string, body: (page: Page) => Promise<void>, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({
    baseURL: fileServer().baseURL,
    javaScriptEnabled,
    viewport,
    // The test server trusts X-Forwarded-For, so each context is its own client for the rate limit.
    extraHTTPHeaders: { "x-forwarded-for": client },
  });
  try {
    const page = await context.newPage();
    const response = await page.goto(LOOKUP, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    await body(page);
  } finally {
    await context.close();
  }
}

describe("the lookup page", () => {
  it.each(["light", "dark"] as const)("has no axe violations in %s mode, before and after an answer", async (colorScheme) => {
    const context = await browser.newContext({ baseURL: fileServer().baseURL, colorScheme, extraHTTPHeaders: { "x-forwarded-for": `127.3.1.${colorScheme.length}` } });
    try {
      const page = await context.newPage();
      await page.goto(LOOKUP, { waitUntil: "networkidle" });
      await expectNoAxeViolations(page, `${LOOKUP} (${colorScheme})`);
      const id = sampleAccountIds()[6] as string;
      await page.getByLabel("Account id").fill(id);
      await page.getByLabel(/^Request ids/i).fill(sampleRows().find((r) => r.accountId === id)?.requestId ?? "");
      await page.getByRole("button", { name: "Check these requests" }).click();
      await page.getByRole("heading", { name: /1 of your requests was affected/ }).waitFor();
      await expectNoAxeViolations(page, `${LOOKUP} with an answer (${colorScheme})`);
      const [link = ""] = await linksFor(SLUG, [id]);
      await page.goto(link);
      await page.getByRole("heading", { name: /Your account was affected/ }).waitFor();
      await expectNoAxeViolations(page, `${LOOKUP} opened from a link (${colorScheme})`);
    } finally {
      await context.close();
    }
  });
});

describe("the owner's answer, opened from their link", () => {
  const id = sampleAccountIds()[9] as string;
  const mine = sampleRows().filter((r) => r.accountId === id);
  for (const [width, colorScheme] of [[390, "light"], [390, "dark"], [1440, "light"], [1440, "dark"]] as const) {
    it(`gives times in the reader's own zone beside UTC, and a download of exactly their rows, at ${width} px (${colorScheme})`, async () => {
      const [link = ""] = await linksFor(SLUG, [id]);
      const context = await browser.newContext({
        baseURL: fileServer().baseURL,
        colorScheme,
        timezoneId: "America/Los_Angeles",
        viewport: { width, height: 900 },
        extraHTTPHeaders: { "x-forwarded-for": `127.3.2.${width % 250}` },
      });
      try {
        const page = await context.newPage();
        await page.goto(link, { waitUntil: "networkidle" });
        await page.getByRole("heading", { name: /Your account was affected/ }).waitFor();
        const first = mine[0]?.occurredAt ?? "";
        const local = new Intl.DateTimeFormat("en-GB", { timeZone: "America/Los_Angeles", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(first));
        await expect(page.locator("main").innerText()).resolves.toContain(`${local} in your time (America/Los_Angeles)`);
        await expectNoAxeViolations(page, `the owner's answer at ${width} px (${colorScheme})`);
        await lookAt(page, `lookup-answer-${width}-${colorScheme}`);
        const csv = await context.request.get(`/incidents/${SLUG}/lookup/rows?format=csv`);
        expect(csv.status()).toBe(200);
        const lines = (await csv.text()).trim().split("\r\n");
        expect(lines[0]).toBe("request_id,occurred_at,prompt_tokens,role");
        expect(lines.slice(1).map((l) => l.split(",")[0]).sort()).toEqual(mine.map((r) => r.requestId).sort());
      } finally {
        await context.close();
      }
    });
  }
});

describe.each([
  ["off", false, 4, "127.3.0.1"],
  ["on", true, 5, "127.3.0.2"],
] as const)("the lookup form with JavaScript %s", (_label, js, accountIndex, client) => {
  const accountId = sampleAccountIds()[accountIndex] as string;
  const mine = sampleRows().filter((r) => r.accountId === accountId);

  it("is linked from the top of the incident page, from its affected section and from the advice it carries out", async () => {
    await withLookupPage(js, client, async (page) => {
      await page.goto(INCIDENT_PATH);
      const check = page.getByRole("link", { name: "Was my account affected? Check it" });
      expect(await check.count()).toBe(3);
      expect(await page.getByRole("region", { name: /^Affected/ }).getByRole("link", { name: "Was my account affected? Check it" }).count()).toBe(1);
      const advice = page.getByRole("region", { name: "What to do" }).getByRole("listitem").filter({ has: page.getByRole("link", { name: "Was my account affected? Check it" }) });
      expect(await advice.innerText()).toContain("whether your account was among the affected requests");
      await check.first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(LOOKUP);
    });
  });

  it("answers request ids with those requests only, keeping the id out of the address and any cache", async () => {
    await withLookupPage(js, client, async (page) => {
      const posts: Array<{ url: string; cacheControl: string | null }> = [];
      page.on("response", (r) => {
        if (r.request().method() === "POST") posts.push({ url: r.url(), cacheControl: r.headers()["cache-control"] ?? null });
      });
      await page.getByLabel("Account id").fill(accountId);
      await page.getByLabel(/^Request ids/i).fill(`${mine[0]?.requestId}\nnot-mine-1`);
      await page.getByRole("button", { name: "Check these requests" }).click();
      await expect(page.getByRole("heading", { name: /1 of your requests was affected/ }).waitFor()).resolves.toBeUndefined();
      const text = await page.locator("main").innerText();
      expect(text).toContain("Checked 2 request ids");
      expect(text).toContain(mine[0]?.requestId);
      for (const r of mine.slice(1).filter((r) => r.requestId !== mine[0]?.requestId)) expect(text).not.toContain(r.requestId);
      expect(text).toMatch(/not-mine-1: not among this account's affected responses/);
      expect(text).toContain("Send the x-session-affinity header");
      // The advice to check whether the account was affected is what this page just did: not given as a thing to do.
      expect(text).not.toContain("whether your account was among the affected requests");
      expect(text).toContain("The record names no way to contact the provider about this incident");
      expect(page.url()).not.toContain(accountId);
      expect(posts.length).toBeGreaterThan(0);
      for (const p of posts) {
        expect(p.url).not.toContain(accountId);
        expect(p.cacheControl).toMatch(/no-store/);
      }
    });
  });

  it("answers requests of an account with no record, and reports a malformed id without checking anything", async () => {
    await withLookupPage(js, client, async (page) => {
      await page.getByLabel("Account id").fill(UNAFFECTED_SAMPLE_ACCOUNT);
      await page.getByLabel(/^Request ids/i).fill(mine[0]?.requestId ?? "");
      await page.getByRole("button", { name: "Check these requests" }).click();
      await page.getByRole("heading", { name: /None of these requests was affected/ }).waitFor();
      await page.getByLabel("Account id").fill("not-hex");
      await page.getByRole("button", { name: "Check these requests" }).click();
      await page.getByRole("heading", { name: "Nothing was checked" }).waitFor();
      expect(await page.locator("#accountId-error").innerText()).toMatch(/32 hexadecimal digits/);
      // axe runs as a script in the page, which a context without JavaScript cannot do.
      if (js) await expectNoAxeViolations(page, `${LOOKUP} after an error`);
    });
  });

  it("keeps what was typed when it refuses it, numbers lines from 1, moves focus to the answer, and fits a 390 px phone", async () => {
    await withLookupPage(
      js,
      client,
      async (page) => {
        const typed = `${mine[0]?.requestId}\n\nbad!id`;
        await page.getByLabel("Account id").fill(accountId);
        await page.getByLabel(/^Request ids/i).fill(typed);
        await page.getByRole("button", { name: "Check these requests" }).click();
        await page.getByRole("heading", { name: "Nothing was checked" }).waitFor();
        expect(await page.locator("#requestIds-error").innerText()).toMatch(/^line 3: /);
        expect(await page.getByLabel("Account id").inputValue()).toBe(accountId);
        expect(await page.getByLabel(/^Request ids/i).inputValue()).toBe(typed);
        if (js) expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-live"))).toBe("polite");

        await page.getByLabel(/^Request ids/i).fill(mine.map((r) => r.requestId).join("\n"));
        await page.getByRole("button", { name: "Check these requests" }).click();
        await page.getByRole("heading", { name: /of your requests were affected/ }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        if (js) expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("of your requests were affected");
      },
      { width: 390, height: 844 },
    );
  });
});

describe.each([
  ["off", false, "127.3.0.3"],
  ["on", true, "127.3.0.4"],
] as const)("a lookup link opened with JavaScript %s", (_label, js, client) => {
  it("shows the whole account at a clean address, keeps the token out of every later request, and signs out", async () => {
    const id = sampleAccountIds()[8] as string;
    const mine = sampleRows().filter((r) => r.accountId === id);
    const [link = ""] = await linksFor(SLUG, [id]);
    const context = await browser.newContext({ baseURL: fileServer().baseURL, javaScriptEnabled: js, viewport: { width: 390, height: 844 }, extraHTTPHeaders: { "x-forwarded-for": client } });
    try {
      const page = await context.newPage();
      const sent: string[] = [];
      page.on("request", (r) => sent.push(`${r.url()} ${r.headers().referer ?? ""}`));
      await page.goto(link, { waitUntil: "networkidle" });
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(LOOKUP);
      await page.getByRole("heading", { name: /Your account was affected/ }).waitFor();
      const text = await page.locator("main").innerText();
      expect(text).toContain(`Showing account ending …${id.slice(-4)}`);
      for (const r of mine) expect(text).toContain(r.requestId);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The token went out once, to be exchanged; no later request names it, as address or Referer.
      const token = new URL(link).searchParams.get("token") ?? "";
      expect(sent.filter((s) => s.includes(token))).toHaveLength(1);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "aftermath_lookup")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
      if (js) expect(await page.evaluate(() => document.cookie)).not.toContain("aftermath_lookup");

      await page.getByRole("button", { name: "Sign out of this lookup" }).click();
      await page.getByRole("heading", { name: "With the link in your notice" }).waitFor();
      expect(await page.locator("main").innerText()).not.toContain(mine[0]?.requestId);
      expect((await context.cookies()).find((c) => c.name === "aftermath_lookup")).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it("says so when the link has expired, and shows nothing of the account", async () => {
    const id = sampleAccountIds()[8] as string;
    const [link = ""] = await linksFor(SLUG, [id], { expiresAt: new Date(Date.now() - 1000) });
    const context = await browser.newContext({ baseURL: fileServer().baseURL, javaScriptEnabled: js, extraHTTPHeaders: { "x-forwarded-for": client } });
    try {
      const page = await context.newPage();
      await page.goto(link);
      expect(page.url()).not.toContain("token=");
      expect(await page.getByRole("alert").first().innerText()).toMatch(/This lookup link has expired/);
      expect(await page.locator("main").innerText()).not.toContain(id.slice(-4));
    } finally {
      await context.close();
    }
  });
});

describe("a link another site sends the visitor to while their own lookup is open", () => {
  it("waits on the page, at 390 px with no axe violations, until the visitor keeps their own account or switches", async () => {
    const [own, theirs, third] = sampleAccountIds().slice(32, 35) as [string, string, string];
    const [ownLink = "", theirLink = "", thirdLink = ""] = await linksFor(SLUG, [own, theirs, third]);
    const context = await browser.newContext({ baseURL: fileServer().baseURL, viewport: { width: 390, height: 844 }, extraHTTPHeaders: { "x-forwarded-for": "127.3.0.5" } });
    try {
      const page = await context.newPage();
      // Another site's page, as an attacker would serve it: a plain link to someone else's lookup link.
      const sendFrom = async (link: string) => {
        await page.route("http://elsewhere.test/", (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html><title>Elsewhere</title><a href="${link}">Check your account</a>` }));
        await page.goto("http://elsewhere.test/");
        await page.getByRole("link", { name: "Check your account" }).click();
        await page.getByRole("heading", { name: "This link is for another account" }).waitFor();
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(LOOKUP);
      };
      await page.goto(ownLink);
      await page.getByText(`Showing account ending …${own.slice(-4)}`).waitFor();

      await sendFrom(theirLink);
      const waiting = page.getByRole("region", { name: "This link is for another account" });
      expect(await waiting.innerText()).toContain(`The link you opened is for the account ending …${theirs.slice(-4)}, not the account ending …${own.slice(-4)}`);
      expect(await page.locator("main").innerText()).toContain(`Showing account ending …${own.slice(-4)}`);
      expect(await page.content()).not.toContain(new URL(theirLink).searchParams.get("token") ?? "");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, `${LOOKUP} with a link waiting (390 px)`);
      await lookAt(page, "lookup-link-waiting-390");

      await page.getByRole("button", { name: `Keep account …${own.slice(-4)}` }).click();
      await page.getByText(`Showing account ending …${own.slice(-4)}`).waitFor();
      expect(await page.getByRole("heading", { name: "This link is for another account" }).count()).toBe(0);

      await sendFrom(thirdLink);
      await page.getByRole("button", { name: `Switch to account …${third.slice(-4)}` }).click();
      await page.getByText(`Showing account ending …${third.slice(-4)}`).waitFor();
      expect(await page.getByRole("heading", { name: "This link is for another account" }).count()).toBe(0);
      expect((await context.cookies()).map((c) => c.name).sort()).toEqual(["aftermath_lookup"]);
    } finally {
      await context.close();
    }
  });
});
