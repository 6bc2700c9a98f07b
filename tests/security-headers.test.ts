import { createHash, randomBytes } from "node:crypto";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_POLICY, EXPORT_POLICY, STRICT_TRANSPORT_SECURITY } from "@/http/security-headers";
import { sampleAccountIds, sampleRows } from "./support/sample";
import { launchBrowser } from "./support/browser";
import { INCIDENT_PATH, SLUG } from "./support/contract";
import { elementsWith } from "./support/html";
import { linksFor, newClient, postLookup } from "./support/lookup";
import { fileServer } from "./support/file-server";

const baseURL = fileServer().baseURL;
const LOOKUP = `${INCIDENT_PATH}/lookup`;
const EXPORT = `${INCIDENT_PATH}/export.html`;
const TOKYO_OFFLINE = "2026-09-09T14:00Z";
// Accounts no other test file looks up, and fresh unknown ones, so no lookup here meets the per-account limit.
const AFFECTED = sampleAccountIds().slice(30, 32) as [string, string];
const unknownAccount = () => randomBytes(16).toString("hex");

type Served = { status: number; headers: Headers; body: string };

/** What a browser navigating to a page asks for. */
const BROWSER = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

async function get(path: string, headers: Record<string, string> = {}): Promise<Served> {
  const response = await fetch(new URL(path, baseURL), { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The lookup form as a browser without JavaScript sends it: its hidden server-action fields and an id. */
async function postLookupForm(accountId: string): Promise<Served> {
  const page = await get(LOOKUP);
  const form = new FormData();
  for (const input of elementsWith(page.body, "type", "hidden")) {
    form.append(input.attributes.get("name") ?? "", input.attributes.get("value") ?? "");
  }
  form.append("accountId", accountId);
  form.append("requestIds", "r-1");
  const response = await fetch(new URL(LOOKUP, baseURL), {
    method: "POST",
    body: form,
    headers: { origin: baseURL, "x-forwarded-for": newClient() },
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function apiAnswer(): Promise<Served> {
  const [link] = await linksFor(SLUG, [AFFECTED[0]]);
  const { response, body } = await postLookup(SLUG, { link });
  return { status: response.status, headers: response.headers, body: JSON.stringify(body) };
}

async function apiProblem(): Promise<Served> {
  const { response, body } = await postLookup(SLUG, "{not json");
  return { status: response.status, headers: response.headers, body: JSON.stringify(body) };
}

function directives(policy: string | null): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) found.set(name.toLowerCase(), sources);
  }
  return found;
}

/** What a browser hashes: the text of each <script> without src, as the parser hands it over. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!text || /(^|\s)src\s*=/i.test(attributes ?? "")) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}'`);
  }
  return [...hashes].sort();
}

const ROUTES: Array<[string, () => Promise<Served>, number, RegExp]> = [
  ["a static page (/)", () => get("/"), 200, /^text\/html/],
  ["the incident page", () => get(INCIDENT_PATH), 200, /^text\/html/],
  ["the lookup page", () => get(LOOKUP), 200, /^text\/html/],
  ["the 404 page", () => get("/incidents/no-such-incident", BROWSER), 404, /^text\/html/],
  ["the 404 problem", () => get("/incidents/no-such-incident"), 404, /^application\/problem\+json/],
  ["the lookup form's server action, posted without JavaScript", () => postLookupForm(unknownAccount()), 200, /^text\/html/],
  ["an API answer", apiAnswer, 200, /^application\/json/],
  ["an API problem", apiProblem, 400, /^application\/problem\+json/],
  ["export.html", () => get(EXPORT), 200, /^text\/html/],
  ["postmortem.md", () => get(`${INCIDENT_PATH}/postmortem.md`), 200, /^text\/markdown/],
  ["incident.json", () => get(`${INCIDENT_PATH}/incident.json`), 200, /^application\/json/],
  ["the feed", () => get("/feed.xml"), 200, /^application\/atom\+xml/],
];

describe.each(ROUTES)("%s", (_name, load, status, type) => {
  let served: Served;
  beforeAll(async () => {
    served = await load();
  });

  it("is the response expected", () => {
    expect(served.status).toBe(status);
    expect(served.headers.get("content-type")).toMatch(type);
  });

  it("carries nosniff, a referrer policy and frame-ancestors 'none', and no X-Powered-By", () => {
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("referrer-policy")).toBe("same-origin");
    expect(directives(served.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'none'"]);
    expect(served.headers.get("x-frame-options")).toBe("DENY");
    expect(served.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(served.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    expect(served.headers.has("x-powered-by")).toBe(false);
  });

  it("has no HSTS over plain HTTP", () => {
    expect(served.headers.has("strict-transport-security")).toBe(false);
  });
});

describe("the pages' Content-Security-Policy", () => {
  it.each([
    ["/", () => get("/")],
    [INCIDENT_PATH, () => get(INCIDENT_PATH)],
    [LOOKUP, () => get(LOOKUP)],
    ["the 404 page", () => get("/incidents/no-such-incident", BROWSER)],
    ["the answer to the form posted without JavaScript", () => postLookupForm(unknownAccount())],
  ])("of %s allows 'self' and exactly the page's own inline scripts, by hash", async (_name, load) => {
    const served = await load();
    const policy = directives(served.headers.get("content-security-policy"));
    const scripts = policy.get("script-src") ?? [];
    const expected = inlineScriptHashes(served.body);
    expect(expected.length, "the page has inline scripts to hash").toBeGreaterThan(0);
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1).sort()).toEqual(expected);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("style-src-attr")).toEqual(["'none'"]);
  });

  it("is sent with the answer page to the form posted without JavaScript, which the action rendered", async () => {
    const served = await postLookupForm(unknownAccount());
    expect(served.body).toContain("None of these requests was affected");
    expect(served.headers.get("cache-control")).toMatch(/no-store/);
  });

  it("keeps the incident page, and sends the same policy again, compressed, and on revalidation", async () => {
    const first = await get(INCIDENT_PATH);
    const again = await get(INCIDENT_PATH, { "accept-encoding": "gzip" });
    expect(again.headers.get("content-encoding")).toBe("gzip");
    expect(again.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    // As a browser revalidates; without Cache-Control, fetch() adds `no-cache`, which rules out a 304.
    const revalidated = await get(INCIDENT_PATH, { "if-none-match": etag!, accept: "text/html", "cache-control": "max-age=0" });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  });

  it("gives export.html, which has no script, a policy that allows none", async () => {
    const served = await get(EXPORT);
    expect(served.body).not.toMatch(/<script/i);
    expect(served.headers.get("content-security-policy")).toBe(EXPORT_POLICY);
    const policy = directives(EXPORT_POLICY);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.has("script-src")).toBe(false);
  });

  it("gives the API a policy that allows nothing", async () => {
    expect((await apiAnswer()).headers.get("content-security-policy")).toBe(API_POLICY);
    expect((await apiProblem()).headers.get("content-security-policy")).toBe(API_POLICY);
  });
});

describe("HSTS", () => {
  it.each([
    ["the incident page", INCIDENT_PATH],
    ["export.html", EXPORT],
    ["the 404 page", "/incidents/no-such-incident"],
  ])("is sent on %s when the trusted proxy says the request came over HTTPS, and only then", async (_name, path) => {
    expect((await get(path, { "x-forwarded-proto": "https" })).headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY);
    expect((await get(path, { "x-forwarded-proto": "http" })).headers.has("strict-transport-security")).toBe(false);
    // The proxy's own entry is the last one; an earlier one is whatever the client sent.
    expect((await get(path, { "x-forwarded-proto": "https, http" })).headers.has("strict-transport-security")).toBe(false);
  });

  it("is not kept with a page the server keeps: the next reader over HTTP gets none, and a request id of its own", async () => {
    // A page no other test asks for first: the first answer, over HTTPS, fills the server's cache.
    const path = `${INCIDENT_PATH}/changes`;
    const first = await get(path, { "x-forwarded-proto": "https" });
    const second = await get(path, { "x-forwarded-proto": "http" });
    expect(first.headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY);
    expect(second.headers.has("strict-transport-security")).toBe(false);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("is sent on API answers over HTTPS too", async () => {
    const response = await fetch(new URL(`/api/incidents/${SLUG}/lookup`, baseURL), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": newClient(), "x-forwarded-proto": "https" },
      body: JSON.stringify({ accountId: unknownAccount() }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY);
  });
});

describe("in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  type Watched = { page: Page; violations: () => Promise<string[]> };

  /** A page that records every CSP violation: console reports and securitypolicyviolation events. */
  async function withPage(options: BrowserContextOptions, body: (w: Watched) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": newClient() }, ...options });
    try {
      const page = await context.newPage();
      const console: string[] = [];
      page.on("console", (message) => {
        if (message.text().includes("Content Security Policy")) console.push(message.text());
      });
      // Init scripts run outside the page's policy; the listener they add sees the page's violations.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) => {
          seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || "?"} at ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      const violations = async () => [
        ...console,
        ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
      ];
      await body({ page, violations });
    } finally {
      await context.close();
    }
  }

  it("loads the incident page with no violation, hydrated: the UTC/local switch works", async () => {
    await withPage({ timezoneId: "Asia/Tokyo" }, async ({ page, violations }) => {
      const response = await page.goto(INCIDENT_PATH, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      const time = page.locator(`section:has(#timeline-heading) time[datetime="${TOKYO_OFFLINE}"]`).first();
      const local = page.getByRole("button", { name: "Local time", exact: true });
      expect(await time.innerText()).toContain("14:00");
      await local.click();
      await expect.poll(() => local.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(async () => (await time.innerText()).trim()).toContain("23:00");
      expect(await violations()).toEqual([]);
    });
  });

  it("refuses an inline script the page was not served with", async () => {
    await withPage({}, async ({ page, violations }) => {
      await page.goto(INCIDENT_PATH, { waitUntil: "networkidle" });
      expect(await violations()).toEqual([]);
      // page.evaluate itself runs outside the policy; the element it adds does not.
      await page.evaluate(() => {
        document.head.appendChild(Object.assign(document.createElement("script"), { textContent: "window.__pwned = 1" }));
      });
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await expect.poll(async () => (await violations()).some((v) => /^script-src(-elem)? blocked inline/.test(v))).toBe(true);
    });
  });

  it("loads the lookup page with no violation, and its form answers with JavaScript on", async () => {
    await withPage({}, async ({ page, violations }) => {
      await page.goto(LOOKUP, { waitUntil: "networkidle" });
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      await page.getByLabel("Account id").fill(AFFECTED[1]);
      await page.getByLabel(/^Request ids/i).fill(sampleRows().find((r) => r.accountId === AFFECTED[1])?.requestId ?? "");
      await page.getByRole("button", { name: "Check these requests" }).click();
      await page.getByRole("heading", { name: /1 of your requests was affected/ }).waitFor();
      // Answered in place by React (hydrated), not by a full page load.
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(await violations()).toEqual([]);
    });
  });

  it("loads the page a form posted without JavaScript answers with, rendered per request, with no violation", async () => {
    await withPage({}, async ({ page, violations }) => {
      await page.goto(LOOKUP, { waitUntil: "networkidle" });
      await page.getByLabel("Account id").fill(unknownAccount());
      await page.getByLabel(/^Request ids/i).fill("r-1");
      // HTMLFormElement.submit() skips React's handler: the browser posts the form itself, as it does without JavaScript.
      const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest());
      await page.evaluate(() => document.querySelector("form")?.submit());
      const response = await posted;
      expect(response.headers()["content-type"]).toMatch(/^text\/html/);
      await page.waitForLoadState("networkidle");
      await page.getByRole("heading", { name: /None of these requests was affected/ }).waitFor();
      // That page hydrates too: the next answer comes without a page load.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      await page.getByLabel("Account id").fill("not-hex");
      await page.getByRole("button", { name: "Check these requests" }).click();
      await page.getByRole("heading", { name: "Nothing was checked" }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(await violations()).toEqual([]);
    });
  });

  it("loads export.html under its own policy with no violation", async () => {
    await withPage({}, async ({ page, violations }) => {
      const response = await page.goto(EXPORT, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      expect(await page.locator("h1").first().innerText()).not.toBe("");
      expect(await violations()).toEqual([]);
    });
  });
});
