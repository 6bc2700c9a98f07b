import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { expectNoSidewaysScroll } from "./support/fits";
import { SECOND_SLUG, SECOND_TITLE, SLUG, THIRD_SLUG, TITLE } from "./support/contract";
import { visibleText } from "./support/html";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

// The comparison of durations across incidents, against the production server.
const baseURL = fileServer().baseURL;
const MEASURES = ["detection", "declaration", "exposure", "outage", "report"];

// The shipped three, as a reader who ticked them asks for them: other files publish incidents of
// their own on this server, and the default shows only the newest few per measure.
const SHIPPED = `/compare?incident=${SLUG}&incident=${SECOND_SLUG}&incident=${THIRD_SLUG}`;
let browser: Browser;
let html: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(new URL(SHIPPED, baseURL));
  expect(response.status).toBe(200);
  html = await response.text();
});
afterAll(async () => {
  await browser?.close();
});

describe("/compare", () => {
  it("draws each measure as SVG in the server's HTML, one figure per measure", () => {
    for (const m of MEASURES) expect(html, m).toMatch(new RegExp(`data-chart="compare-${m}"[\\s\\S]*?<svg`));
  });

  it("shows each incident's length at its own precision, with its range, linked to its own figure and its sources", () => {
    const text = visibleText(html);
    expect(text).toContain("13 days (12–14 days)");
    expect(text).toContain("9 h");
    expect(text).toContain("47 days (about 7 weeks) (46–48 days)");
    expect(html).toContain(`href="/incidents/${SLUG}#duration-exposure-window"`);
    expect(html).toContain(`href="/incidents/${SECOND_SLUG}#duration-exposure-window"`);
    expect(html).toContain(`href="/incidents/${SLUG}#source-3"`);
  });

  it("shows a length a record lacks as missing, never as zero", () => {
    const text = visibleText(html);
    // Other test files publish incidents of their own on this server: only the shipped ones are named here.
    expect(text).toMatch(new RegExp(`Not in the record of: [^]*?${SECOND_TITLE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(text).toContain("Disputed: about 20 hours by Some accounts (unnamed in the article)");
    expect(text.match(/not in the record/g)?.length).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(new RegExp(`${SECOND_TITLE}, 0\\b`));
    const table = visibleText(html.slice(html.indexOf("<tbody")));
    expect(table.indexOf(TITLE)).toBeLessThan(table.indexOf(SECOND_TITLE));
  });

  for (const width of [390, 1440]) {
    it(`has no axe violations and no sideways scroll at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 1000 } });
      const page = await context.newPage();
      try {
        await page.goto(new URL(SHIPPED, baseURL).href);
        await expectNoSidewaysScroll(page, `compare at ${width} px`);
        await expectNoAxeViolations(page, `compare at ${width} px`);
        await lookAt(page, `compare-${width}`);
      } finally {
        await context.close();
      }
    });
  }
});
