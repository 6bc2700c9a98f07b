import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { callApi, testIncident, tokenAdd } from "./support/api";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { signInAsNewEditor } from "./support/editor";
import { expectNoSidewaysScroll } from "./support/fits";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";

// The pages the other language tests do not walk, in Russian at a phone's and a desktop's width:
// every page of the editor for one draft, the sign-up, the sign-out and the not-found page; each in
// Russian (html lang), axe clean, without sideways scrolling.
const baseURL = fileServer().baseURL;
const slug = `ru-pages-${randomBytes(3).toString("hex")}`;
const EDITOR = ["", "/sources", "/updates", "/events", "/figures", "/durations", "/findings", "/reactions", "/recommendations", "/context", "/affected", "/translations/ru", "/notices", "/history", "/publish"];
const SIGNED_IN = ["/ru/editor", ...EDITOR.map((s) => `/ru/editor/incidents/${slug}${s}`), "/ru/signout"];
const OPEN = ["/ru/subscribe", `/ru/subscribe?incident=glm-5-3-kv-cache-exposure`, "/ru/signin", "/ru/no-such-page"];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const created = await callApi("POST", "/incidents", { token: tokenAdd("write"), body: testIncident(slug, "Сбой очереди") });
  expect(created.response.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

async function walk(addresses: readonly string[], width: number, signedIn: boolean): Promise<void> {
  const context = await browser.newContext({ baseURL, locale: "ru-RU", viewport: { width, height: 900 }, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  if (signedIn) await signInAsNewEditor(page, "/editor");
  for (const at of addresses) {
    const answer = await page.goto(at, { waitUntil: "networkidle" });
    expect([at, answer?.status()]).toEqual([at, at === "/ru/no-such-page" ? 404 : 200]);
    expect([at, await page.locator("html").getAttribute("lang")]).toEqual([at, "ru"]);
    await expectNoSidewaysScroll(page, `${at} at ${width} px`);
    await expectNoAxeViolations(page, `${at} at ${width} px`);
  }
}

describe("every other page in Russian", () => {
  for (const width of [390, 1440]) {
    it(`the editor's pages for a draft at ${width} px`, { timeout: 300_000 }, () => walk(SIGNED_IN, width, true));
    it(`the sign-up, sign-in and not-found pages at ${width} px`, { timeout: 120_000 }, () => walk(OPEN, width, false));
  }
});
