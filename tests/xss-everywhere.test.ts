import { randomUUID } from "node:crypto";
import { micromark } from "micromark";
import type { Browser, BrowserContext, Dialog, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileRecord } from "@/tests/support/publish-kit";
import { callApi, postRecord, tokenAdd } from "./support/api";
import { launchBrowser } from "./support/browser";
import { signInAsNewEditor } from "./support/editor";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";

// Every way a text could turn into script: a tag with a handler, a script element, a javascript:
// link in Markdown, an attribute break-out, and Markdown emphasis to show Markdown still renders.
const IMG = "<img src=x onerror=alert(1)>";
const PAYLOAD = `${IMG} <script>alert(2)</script> [go](javascript:alert(3)) "><svg onload=alert(4)> **bold**`;

const baseURL = fileServer().baseURL;
const slug = `xss-${randomUUID().slice(0, 8)}`;
let browser: Browser;
let context: BrowserContext;
const dialogs: string[] = [];

beforeAll(async () => {
  const token = tokenAdd("write");
  const version = await postRecord(token, slug, hostileRecord(PAYLOAD));
  const published = await callApi("POST", `/incidents/${slug}/publish`, { token, body: { version } });
  expect(published.response.status).toBe(200);
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
  context.on("page", (p) => p.on("dialog", (d: Dialog) => void (dialogs.push(`${p.url()}: ${d.message()}`), d.dismiss())));
});
afterAll(async () => {
  await browser?.close();
});

/** What would show that markup ran: any element or attribute the payload carries, live in the DOM. */
async function liveMarkup(page: Page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll("*")];
    return {
      images: document.querySelectorAll("img").length,
      // Next's own inline scripts carry the text as data; an injected one would be the payload's code itself.
      injectedScripts: [...document.querySelectorAll("script")].filter((s) => /^\s*alert\(/.test(s.textContent ?? "")).length,
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => `${el.tagName}[${a.name}]`)),
      scriptLinks: [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? "").filter((h) => /^\s*(javascript|data|vbscript):/i.test(h)),
    };
  });
}

const INERT = { images: 0, injectedScripts: 0, handlers: [], scriptLinks: [] };

async function visit(path: string, { expectText = true } = {}) {
  const page = await context.newPage();
  const response = await page.goto(path, { waitUntil: "networkidle" });
  expect(response?.status(), path).toBe(200);
  expect(await liveMarkup(page), path).toEqual(INERT);
  if (expectText) expect(await page.locator("body").innerText(), path).toContain(IMG);
  return page;
}

describe(`a record with ${JSON.stringify(PAYLOAD)} in every text field`, () => {
  it("is inert on the public pages, with the text shown as text and Markdown rendered", async () => {
    for (const path of [`/incidents/${slug}`, `/incidents/${slug}/changes`, `/incidents/${slug}/lookup`, "/"]) {
      const page = await visit(path, { expectText: path !== `/incidents/${slug}/changes` });
      if (path === `/incidents/${slug}`) expect(await page.locator("main strong", { hasText: /^bold$/ }).count()).toBeGreaterThan(0);
      await page.close();
    }
    expect(dialogs).toEqual([]);
  });

  it("is inert in every export: the HTML, the JSON, the feed, and the Markdown even through a renderer that allows raw HTML", async () => {
    const exported = await visit(`/incidents/${slug}/export.html`);
    expect(await exported.locator("main strong", { hasText: /^bold$/ }).count()).toBeGreaterThan(0);
    await exported.close();
    await (await visit(`/incidents/${slug}/incident.json`)).close();
    // Chromium shows a feed as a source tree, so its entries are read as a feed reader would.
    const feed = await visit("/feed.xml", { expectText: false });
    // The feed's own policy lets it fetch nothing, so its text is fetched here and parsed there.
    const source = await (await fetch(new URL("/feed.xml", baseURL))).text();
    const titles = await feed.evaluate((text) => {
      const xml = new DOMParser().parseFromString(text, "application/xml");
      return [...xml.querySelectorAll("entry > title")].map((t) => t.textContent);
    }, source);
    expect(titles).toContain(PAYLOAD);
    await feed.close();

    const markdown = await (await fetch(new URL(`/incidents/${slug}/postmortem.md`, baseURL))).text();
    expect(markdown).toContain("\\<img src=x onerror=alert(1)\\>");
    const page = await context.newPage();
    // As a site that publishes Markdown with raw HTML allowed would show it.
    await page.setContent(`<!doctype html><title>md</title><body>${micromark(markdown, { allowDangerousHtml: true })}`, { waitUntil: "load" });
    expect(await liveMarkup(page)).toEqual(INERT);
    expect(await page.locator("body").innerText()).toContain(IMG);
    await page.close();
    expect(dialogs).toEqual([]);
  });

  it("is inert in the editor, with every item's form open, and in its history", async () => {
    const page = await context.newPage();
    await signInAsNewEditor(page, `/editor/incidents/${slug}`);
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
    expect(await liveMarkup(page)).toEqual(INERT);
    // The forms hold the text exactly as saved, ready to edit.
    expect(await page.locator("textarea#summary").inputValue()).toBe(PAYLOAD);
    expect(await page.locator("main").innerText()).toContain(IMG);
    const sections = ["sources", "events", "figures", "durations", "findings", "reactions", "recommendations", "context", "affected", "publish", "history"];
    for (const path of [...sections.map((s) => `/editor/incidents/${slug}/${s}`), "/editor"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
      expect(await liveMarkup(page), path).toEqual(INERT);
      expect(await page.locator("main").innerText(), path).toContain(IMG);
    }
    await page.close();
    expect(dialogs).toEqual([]);
  });
});
