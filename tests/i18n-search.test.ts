import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteStore } from "@/db/store/sqlite";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { expectNoSidewaysScroll } from "./support/fits";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { freePort } from "./support/process";
import { addRussianTranslations } from "./support/russian";
import { lookAt } from "./support/screenshots";

// A Russian search on /ru in Chromium, against a production server of its own whose GLM-5.3 record
// has the Russian texts of tests/support/russian.ts: inflected forms found, each marked as the text
// spells it, the record's English found too and said to be English; readable at 390 and 1440 px.
const SEARCH = `/ru/?q=${encodeURIComponent("Утечка")}`;
let server: OwnServer;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer(await freePort(), {});
  const store = sqliteStore(server.databasePath);
  try {
    await addRussianTranslations(store);
  } finally {
    await store.close();
  }
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("search in Russian on /ru", () => {
  for (const width of [390, 1440]) {
    it(`finds утечка's inflected forms, marked as written, with no axe violations and no sideways scroll at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 1000 } });
      const page = await context.newPage();
      try {
        const answer = await page.goto(new URL(SEARCH, server.baseURL).href);
        expect(answer?.status()).toBe(200);
        expect(await page.locator("html").getAttribute("lang")).toBe("ru");
        const marked = await page.locator("#hits-heading ~ section mark").allTextContents();
        expect(new Set(marked)).toEqual(new Set(["Утечка", "утечки", "утечке", "утечку"]));
        expect(await page.locator('#hits-heading ~ section a[lang="ru"]', { hasText: "Исследователь сообщает об утечке" }).count()).toBe(1);
        expect(await page.locator('input[name="q"]').inputValue()).toBe("Утечка");
        await expectNoSidewaysScroll(page, `/ru search at ${width} px`);
        await expectNoAxeViolations(page, `/ru search at ${width} px`);
        await lookAt(page, `i18n-search-ru-${width}`);
      } finally {
        await context.close();
      }
    });
  }

  it("finds the record's English on /ru too, saying the hit is in English, and not the Russian on /", async () => {
    const ru = await fetch(new URL("/ru/?q=Evron", server.baseURL));
    const html = await ru.text();
    expect(html).toContain("<mark>Evron</mark>");
    expect(html).toContain("на английском");
    const en = await (await fetch(new URL(`/?q=${encodeURIComponent("утечка")}`, server.baseURL))).text();
    expect(en).not.toContain("<mark>");
    const leaks = await (await fetch(new URL("/?q=leaks", server.baseURL))).text();
    expect(leaks).toMatch(/Researcher reports the (<\/?span>)*<mark>leak<\/mark>/);
  });
});
