import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { expectNoSidewaysScroll } from "./support/fits";
import { SECOND_SLUG, SECOND_TITLE, TITLE } from "./support/contract";
import { visibleText } from "./support/html";
import { everyListPage } from "./support/list-pages";
import { postLookup } from "./support/lookup";
import { fileServer } from "./support/file-server";

// The second shipped incident (ChatGPT, 20 March 2023) on the production server: its page, its
// exports, its lookup (no list is published: never "not affected"), its card on the front page.
const baseURL = fileServer().baseURL;
const page = `/incidents/${SECOND_SLUG}`;
const get = async (path: string, accept = "text/html") => {
  const response = await fetch(new URL(path, baseURL), { headers: { accept } });
  return { response, text: await response.text() };
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the ChatGPT incident of 20 March 2023", () => {
  it("has its own page, with its sources' figures and no affected list", async () => {
    const { response, text } = await get(page);
    expect(response.status).toBe(200);
    const shown = visibleText(text);
    expect(shown).toContain(SECOND_TITLE);
    expect(shown).toContain("1.2%");
    expect(shown).toContain("Full credit card numbers were not exposed at any time.");
    expect(shown).not.toContain("Affected responses");
    expect(shown).not.toContain("KV cache");
    expect(shown).not.toContain("sample data");
  });

  it("exports its postmortem as HTML, Markdown and JSON, each naming only this incident", async () => {
    const html = await get(`${page}/export.html`);
    expect(html.response.status).toBe(200);
    expect(visibleText(html.text)).toContain(SECOND_TITLE);
    const md = await get(`${page}/postmortem.md`, "text/markdown");
    expect(md.response.status).toBe(200);
    expect(md.text).toMatch(new RegExp(`^# ${SECOND_TITLE}`));
    expect(md.text).toContain("https://openai.com/blog/march-20-chatgpt-outage");
    const json = await get(`${page}/incident.json`, "application/json");
    expect(json.response.status).toBe(200);
    const doc = JSON.parse(json.text) as { record: { incident: { slug: string }; sources: unknown[] }; affected: unknown };
    expect(doc.record.incident.slug).toBe(SECOND_SLUG);
    expect(doc.record.sources).toHaveLength(6);
    expect(doc.affected).toBeNull();
  });

  it("answers a lookup with 409 no-list, whatever the proof, and never \"not affected\"", async () => {
    for (const body of [{}, { accountId: "a".repeat(32), requestIds: ["req-1"] }]) {
      const { response, body: problem } = await postLookup(SECOND_SLUG, body);
      expect(response.status).toBe(409);
      expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(problem).toMatchObject({ code: "no-list" });
      expect(JSON.stringify(problem)).not.toMatch(/not affected/i);
    }
    const lookupPage = await get(`${page}/lookup`);
    expect(lookupPage.response.status).toBe(200);
    expect(visibleText(lookupPage.text)).toMatch(/No affected list has been published/);
  });

  it("is a card on the front page, after the newer GLM-5.3 incident", async () => {
    const text = await everyListPage(baseURL);
    const shown = visibleText(text);
    expect(shown.indexOf(TITLE)).toBeGreaterThan(-1);
    expect(shown.indexOf(SECOND_TITLE)).toBeGreaterThan(shown.indexOf(TITLE));
    expect(text).toContain(`href="${page}"`);
  });

  it("reads well in Chromium at 390 px, with no axe violations", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const tab = await context.newPage();
    try {
      await tab.goto(new URL(page, baseURL).href);
      await expect(tab.locator("h1").textContent()).resolves.toBe(SECOND_TITLE);
      await expectNoSidewaysScroll(tab, "ChatGPT incident page");
      await expectNoAxeViolations(tab, "ChatGPT incident page");
    } finally {
      await context.close();
    }
  });
});
