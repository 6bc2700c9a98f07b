import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { expectNoSidewaysScroll } from "./support/fits";
import { SECOND_TITLE, SLUG, THIRD_SLUG, THIRD_TITLE } from "./support/contract";
import { visibleText } from "./support/html";
import { everyListPage } from "./support/list-pages";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

// The third shipped incident, an outage of another kind (Fastly, 8 June 2021), on the production
// server: its timeline to the minute, its lengths, its card, its row in /compare, in Chromium.
const baseURL = fileServer().baseURL;
const page = `/incidents/${THIRD_SLUG}`;
const get = async (at: string) => (await fetch(new URL(at, baseURL))).text();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("Fastly's global outage of 8 June 2021", () => {
  it("has its timeline to the minute in UTC, its lengths computed from it, and no affected list", async () => {
    const shown = visibleText(await get(page));
    expect(shown).toContain(THIRD_TITLE);
    for (const at of ["09:47", "09:48", "09:58", "10:27", "11:00", "12:35", "17:25"]) expect(shown).toContain(at);
    expect(shown).toContain("85%");
    expect(shown).toMatch(/1 h 13 min/);
    expect(shown).not.toMatch(/Affected rows|sample data/i);
  });

  it("is a card on the front page after the two newer incidents, and a row of /compare with its outage", async () => {
    const front = visibleText(await everyListPage(baseURL));
    expect(front.indexOf(THIRD_TITLE)).toBeGreaterThan(front.indexOf(SECOND_TITLE));
    const compare = await get(`/compare?incident=${THIRD_SLUG}`);
    expect(compare).toContain(`href="${page}#duration-outage"`);
    const outage = compare.slice(compare.indexOf('data-chart="compare-outage"'), compare.indexOf("</figure>", compare.indexOf('data-chart="compare-outage"')));
    expect(visibleText(outage)).toContain("1 h 13 min");
  });

  for (const width of [390, 1440]) {
    for (const scheme of ["light", "dark"] as const) {
      it(`reads well at ${width} px (${scheme}): its page and /compare, with no axe violations`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
        const tab = await context.newPage();
        try {
          for (const [at, name] of [[page, "fastly"], [`/compare?incident=${THIRD_SLUG}&incident=${SLUG}`, "compare"]] as const) {
            await tab.goto(new URL(at, baseURL).href);
            await expectNoSidewaysScroll(tab, `${name} at ${width} px`);
            await expectNoAxeViolations(tab, `${name} at ${width} px (${scheme})`);
            await lookAt(tab, `${name}-${width}-${scheme}`);
          }
        } finally {
          await context.close();
        }
      });
    }
  }
});
