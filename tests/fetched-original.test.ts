import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { textAt } from "@/components/record/fetched-original";
import { proseHtml } from "@/lib/markdown/html";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { SLUG } from "./support/contract";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

// A translated text's original, one click away: the page names its place in incident.json and the
// browser fetches it when the reader opens it; without a script, a link to the page in its language.
// Shown only from the version of the record the page was made from; never another text, never stale.

const baseURL = fileServer().baseURL;
const FIRST = "details.rt-original[data-original]";
let browser: Browser;
let doc: unknown;

beforeAll(async () => {
  browser = await launchBrowser();
  doc = await (await fetch(new URL(`/incidents/${SLUG}/incident.json`, baseURL))).json();
});
afterAll(async () => {
  await browser?.close();
});

async function open(options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...options });
  onTestFinished(() => context.close());
  return context;
}

describe("a translation's original on the incident's page", () => {
  for (const [locale, path, width] of [["ru", `/incidents/${SLUG}`, 1440], ["en", `/ru/incidents/${SLUG}`, 390]] as const) {
    it(`opens onto the ${locale === "ru" ? "Russian" : "English"} original, fetched once, at ${width} px, axe clean`, async () => {
      const page = await (await open({ viewport: { width, height: 900 } })).newPage();
      const fetched: string[] = [];
      page.on("request", (r) => r.url().endsWith("/incident.json") && fetched.push(r.url()));
      await page.goto(path, { waitUntil: "networkidle" });
      const details = page.locator(FIRST);
      const pointers = await details.evaluateAll((all) => all.map((d) => (d instanceof HTMLElement ? (d.dataset.original ?? "") : "")));
      expect(pointers.length).toBeGreaterThan(20);
      expect(fetched).toEqual([]);
      for (const i of [0, 1, pointers.length - 1]) {
        const one = details.nth(i);
        await one.locator("summary").focus();
        await page.keyboard.press("Enter");
        const box = one.locator(`div[lang="${locale}"] .md`);
        await expect.poll(() => box.count(), { timeout: 30_000 }).toBe(1);
        expect(await box.innerHTML()).toBe(await inBrowser(page, textAt(doc, pointers[i] ?? "") ?? "(none)"));
        await expect.poll(() => one.locator(":scope > a").isHidden()).toBe(true);
      }
      expect(fetched).toHaveLength(1);
      await details.first().scrollIntoViewIfNeeded();
      await lookAt(page, path === `/incidents/${SLUG}` ? "original-fetched-1440" : "original-fetched-ru-390", { fullPage: false });
      await expectNoAxeViolations(page, `${path} with originals open`);
    });
  }

  it("without a script, opens onto a link to the page in the original's language", async () => {
    const page = await (await open({ javaScriptEnabled: false })).newPage();
    await page.goto(`/incidents/${SLUG}`);
    const first = page.locator(FIRST).first();
    await first.locator("summary").click();
    const link = first.locator(":scope > a");
    expect([await link.getAttribute("href"), await link.getAttribute("hreflang"), await link.isVisible()]).toEqual([`/ru/incidents/${SLUG}`, "ru", true]);
  });

  it("shows no text from another version of the record, and says why; nor anything when the file cannot be had", async () => {
    const context = await open();
    let answer: "older" | "broken" = "older";
    await context.route("**/incident.json", async (route) => {
      if (answer === "broken") return route.fulfill({ status: 503, contentType: "application/problem+json", body: "{}" });
      const response = await route.fetch();
      return route.fulfill({ response, json: { ...(await response.json()), updatedAt: "2026-01-01T00:00:00.000Z" } });
    });
    for (const [said, message] of [["older", /changed since this page was loaded/], ["broken", /^The original could not be loaded\.$/]] as const) {
      answer = said;
      const page = await context.newPage();
      await page.goto(`/incidents/${SLUG}`, { waitUntil: "networkidle" });
      const first = page.locator(FIRST).first();
      await first.locator("summary").click();
      await expect.poll(() => first.locator("div .rt-label").innerText(), { timeout: 30_000 }).toMatch(message);
      expect([await first.locator("div .md").count(), await first.locator(":scope > a").isVisible()]).toEqual([0, true]);
    }
  });
});

/** A text's markup as the server's renderer writes it (lib/markdown/html.ts), serialized by the browser as the page's own is. */
const inBrowser = (page: Page, markdown: string): Promise<string> =>
  page.evaluate((html) => Object.assign(document.createElement("div"), { innerHTML: html }).innerHTML, proseHtml(markdown));
