import { spawnSync } from "node:child_process";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { freePort } from "./support/process";
import { startSmtp } from "./support/smtp";
import { startReceiver } from "./support/webhook-receiver";
import { lookAt } from "./support/screenshots";
import { commandArgs } from "../scripts/server-command";

// A reader subscribes, confirms and unsubscribes in Chromium, with JavaScript on and off, against a
// server of its own whose outbox mails a real SMTP server and posts to a real webhook receiver.
const GLM = "glm-5-3-kv-cache-exposure";
let server: OwnServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let token = "";

beforeAll(async () => {
  smtp = await startSmtp();
  receiver = await startReceiver();
  const port = await freePort();
  server = await startOwnServer(port, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Aftermath <status@example.org>",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    WEBHOOK_ALLOW_PRIVATE: "1",
    TRUST_PROXY: "1",
  });
  const made = spawnSync(process.execPath, [...commandArgs("token-add"), "--name", "subscriptions-test", "--scope", "write"], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: server.databasePath, NODE_ENV: "production" },
  });
  token = made.stdout.trim();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await receiver?.close();
});

async function until<T>(find: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 100))) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
  }
}
const mailTo = (to: string, subject: RegExp) => smtp.received.find((m) => m.to.includes(to) && subject.test(m.mail.subject ?? ""));
const linkIn = (text: string, kind: "confirm" | "unsubscribe") => new RegExp(`https?://[^\\s]+/subscriptions/${kind}\\?token=[A-Za-z0-9_.%-]+`).exec(text)?.[0] ?? "";

async function postUpdate(body: string): Promise<void> {
  const api = (method: string, p: string, b?: unknown) =>
    fetch(`${server.baseURL}/api/v1${p}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: b === undefined ? undefined : JSON.stringify(b) });
  const incident = (await (await api("GET", `/incidents/${GLM}`)).json()) as { version: number };
  const posted = await api("POST", `/incidents/${GLM}/updates`, { version: incident.version, item: { at: "2026-09-09T15:00Z", status: "monitoring", body } });
  expect(posted.status).toBe(201);
}

async function withPage(js: boolean, width: number, client: string, body: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: js, viewport: { width, height: 900 }, extraHTTPHeaders: { "x-forwarded-for": client } });
  try {
    await body(await context.newPage());
  } finally {
    await context.close();
  }
}

describe("a reader's subscription by email", () => {
  for (const js of [true, false]) {
    const who = `reader-${js ? "js" : "nojs"}@example.com`;
    const width = js ? 1440 : 390;

    it(`subscribes on the incident page, confirms by the emailed link's button and gets the next update (JavaScript ${js ? "on" : "off"}, ${width} px)`, async () => {
      await withPage(js, width, `198.51.100.${js ? 1 : 2}`, async (page) => {
        await page.goto(`/incidents/${GLM}`);
        const box = page.getByRole("region", { name: "Get this incident's updates by email" });
        await box.getByLabel("Email address").fill(who);
        await box.getByRole("button", { name: "Subscribe" }).click();
        await expect.poll(() => box.getByRole("status").textContent()).toContain("Check your inbox");
        await box.scrollIntoViewIfNeeded();
        await lookAt(page, `subscribe-incident-page-${width}`, { fullPage: false });
        // axe runs in the page, so it needs JavaScript; the same page with it was checked above.
        if (js) await expectNoAxeViolations(page, "the incident page after a sign-up");
        const confirmation = await until(() => mailTo(who, /^Confirm your subscription/), `the confirmation to ${who}`);
        await page.goto(linkIn(confirmation.mail.text ?? "", "confirm"));
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Confirm your subscription");
        await lookAt(page, `subscribe-confirm-${width}`);
        if (js) await expectNoAxeViolations(page, "the confirmation page");
        await page.getByRole("button", { name: "Confirm the subscription" }).click();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Subscription confirmed");
      });
      await postUpdate(`Monitoring after the fix (${who}).`);
      const news = await until(() => mailTo(who, /: Monitoring$/), `the news to ${who}`);
      expect(news.mail.text).toContain(`Monitoring after the fix (${who}).`);
    });
  }

  it("never unsubscribes on GET; the page's button does, with JavaScript off", async () => {
    const who = "reader-nojs@example.com";
    const news = await until(() => mailTo(who, /: Monitoring$/), "the news");
    await withPage(false, 390, "198.51.100.3", async (page) => {
      await page.goto(linkIn(news.mail.text ?? "", "unsubscribe"));
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Unsubscribe");
      await page.goto(linkIn(news.mail.text ?? "", "unsubscribe"));
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Unsubscribe");
      await lookAt(page, "unsubscribe-390");
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("You are unsubscribed");
    });
  });

  it("unsubscribes by RFC 8058's one-click POST, with no cookie and no Origin, and sends nothing more to either", async () => {
    const who = "reader-js@example.com";
    const news = await until(() => mailTo(who, /: Monitoring$/), "the news");
    const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(news.raw.toString("utf8").replace(/\r\n[ \t]+/g, " "))?.[1] ?? "";
    const oneClick = await fetch(header, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect([oneClick.status, await oneClick.json()]).toEqual([200, { unsubscribed: true }]);
    await withPage(true, 1440, "198.51.100.5", async (page) => {
      await page.goto(header);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("You are unsubscribed");
      await expectNoAxeViolations(page, "the unsubscribe page, unsubscribed");
    });
    const before = smtp.received.length;
    await postUpdate("One more update, for no one who left.");
    await new Promise((r) => setTimeout(r, 3_000));
    expect(smtp.received.slice(before).filter((m) => m.to.some((t) => t.startsWith("reader-")))).toEqual([]);
  });
});

describe("a subscription by webhook", () => {
  it("shows the secret once, confirms by the event's link, and signs each message with that secret", async () => {
    await withPage(true, 1440, "198.51.100.4", async (page) => {
      await page.goto(`/subscribe?incident=${GLM}`);
      await page.getByLabel("webhook (Standard Webhooks)").check();
      await page.getByLabel(/Email address, or your endpoint/).fill(`${receiver.base}/hooks`);
      await page.getByRole("button", { name: "Subscribe" }).click();
      const secret = (await page.locator("p.font-mono").textContent({ timeout: 10_000 })) ?? "";
      expect(secret).toMatch(/^whsec_/);
      receiver.trust("/hooks", secret);
      await lookAt(page, "subscribe-webhook-1440");
      await expectNoAxeViolations(page, "the sign-up page with a webhook's secret");
      const event = await until(() => receiver.deliveries.find((d) => d.path === "/hooks"), "the confirmation event");
      expect(event.verified).toBe(true);
      const confirmUrl = String((event.body as { data: { confirm_url: string } }).data.confirm_url);
      await page.goto(confirmUrl);
      await page.getByRole("button", { name: "Confirm the subscription" }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Subscription confirmed");
    });
    await postUpdate("For the webhook.");
    const news = await until(() => receiver.deliveries.find((d) => d.path === "/hooks" && (d.body as { type: string }).type === "incident.updated"), "the news");
    expect(news.verified).toBe(true);
  });
});
