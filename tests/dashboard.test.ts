import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { expectNoSidewaysScroll } from "./support/fits";
import { SECOND_SLUG, SECOND_TITLE, SLUG, TITLE } from "./support/contract";
import { visibleText } from "./support/html";
import { everyListPage } from "./support/list-pages";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

// The front page against the production server: its cards newest first, its filters and its
// search in the address, working without script, and readable at 390 and 1440 px.
const baseURL = fileServer().baseURL;
const home = async (query = "") => {
  const response = await fetch(new URL(`/${query}`, baseURL));
  return { response, html: await response.text() };
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the dashboard at /", () => {
  it("shows every published incident as a card, newest first, with its provider, kind and exposure window", async () => {
    expect((await home()).response.status).toBe(200);
    const text = visibleText(await everyListPage(baseURL));
    expect(text.indexOf(TITLE)).toBeGreaterThan(-1);
    expect(text.indexOf(SECOND_TITLE)).toBeGreaterThan(text.indexOf(TITLE));
    expect(text).toContain("OpenAI · ChatGPT · Cross-customer data exposure · resolved");
    expect(text).toContain("Exposure window: 27 Aug 2026 → 9 Sep 2026");
  });

  it("filters by provider and by year in the address, and says how many match", async () => {
    const openai = visibleText((await home("?provider=OpenAI")).html);
    expect(openai).toContain(SECOND_TITLE);
    expect(openai).not.toContain(TITLE);
    expect(openai).toMatch(/1 of \d+ incidents match/);
    const y2026 = visibleText((await home("?year=2026&status=resolved")).html);
    expect(y2026).toContain(TITLE);
    expect(y2026).not.toContain(SECOND_TITLE);
  });

  it("searches event details and source titles, marks the words, links to the place, and keeps the query in the form", async () => {
    const { html } = await home("?q=HackerOne");
    expect(html).toContain("<mark>HackerOne</mark>");
    expect(html).toContain(`href="/incidents/${SLUG}#timeline"`);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="HackerOne"|<input[^>]*value="HackerOne"[^>]*name="q"/);
    const source = await home("?q=cancelled+futures");
    expect(source.html).toContain(`href="/incidents/${SECOND_SLUG}#source-4"`);
    expect(visibleText(source.html)).not.toContain(TITLE);
  });

  it("says what is wrong with a filter it cannot use (400), and lists nothing rather than everything", async () => {
    const { response, html } = await home("?year=last&utm_source=mail");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const text = visibleText(html);
    expect(text).toContain("year: a year of four digits, such as 2026");
    expect(text).not.toContain("utm_source");
    expect(text).not.toContain(TITLE);
  });

  it("works without script: the search is a GET form whose answer is the address", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(new URL("/", baseURL).href);
      await page.getByLabel("Search incidents, their timelines, sources and findings").fill("redis");
      await page.getByLabel("Provider").selectOption("OpenAI");
      await Promise.all([page.waitForURL(/\?/), page.getByRole("button", { name: "Show" }).click()]);
      const url = new URL(page.url());
      expect(url.searchParams.get("q")).toBe("redis");
      expect(url.searchParams.get("provider")).toBe("OpenAI");
      await expect(page.locator("mark").first().textContent()).resolves.toMatch(/^redis$/i);
    } finally {
      await context.close();
    }
  });

  for (const width of [390, 1440]) {
    it(`has no axe violations and no sideways scroll at ${width} px, with a search shown`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 1000 } });
      const page = await context.newPage();
      try {
        await page.goto(new URL("/?q=redis", baseURL).href);
        await expectNoSidewaysScroll(page, `dashboard at ${width} px`);
        await expectNoAxeViolations(page, `dashboard at ${width} px`);
        await lookAt(page, `dashboard-search-${width}`);
        await page.goto(new URL("/", baseURL).href);
        await lookAt(page, `dashboard-${width}`);
      } finally {
        await context.close();
      }
    });
  }
});
