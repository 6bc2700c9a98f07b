import fs from "node:fs/promises";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { CHARTS, INCIDENT_PATH, SECTION_HEADINGS } from "./support/contract";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

const baseURL = fileServer().baseURL;
const TOKYO_OFFLINE = "2026-09-09T14:00Z";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A page in its own context, closed with it after `body`. */
async function withPage<T>(options: BrowserContextOptions, body: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL, ...options });
  try {
    const page = await context.newPage();
    return await body(page);
  } finally {
    await context.close();
  }
}

/** Loads a page and waits until the client bundle has run (hydration) and the network is quiet. */
async function open(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: "networkidle" });
  expect(response?.status(), `GET ${url}`).toBe(200);
}

/** The one of several elements (charts come in a narrow and a wide drawing) that CSS shows. */
async function firstVisible(locator: Locator): Promise<Locator | null> {
  for (const candidate of await locator.all()) if (await candidate.isVisible()) return candidate;
  return null;
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until `target` has focus; false if it never does. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 300 } = {}): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return true;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  return isFocused(target);
}

describe("the incident page without JavaScript", () => {
  it("shows every section heading and draws every chart", async () => {
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await open(page, INCIDENT_PATH);
      const hidden: string[] = [];
      for (const id of SECTION_HEADINGS) if (!(await page.locator(`[id="${id}"]`).isVisible())) hidden.push(`#${id}`);
      for (const chart of CHARTS) {
        const svg = await firstVisible(page.locator(`[data-chart="${chart}"] svg[role="img"]`));
        const box = await svg?.boundingBox();
        if (!box || box.width <= 0 || box.height <= 0) hidden.push(`chart ${chart} (box ${JSON.stringify(box ?? null)})`);
      }
      expect(hidden, "not visible without JavaScript").toEqual([]);
    });
  });
});

describe("the incident page with JavaScript", () => {
  it("shows a bar's count when the per-day chart is hovered, before or without JavaScript as well", async () => {
    for (const javaScriptEnabled of [true, false]) {
      await withPage({ javaScriptEnabled }, async (page) => {
        await open(page, INCIDENT_PATH);
        const svg = await firstVisible(page.locator('[data-chart="affected-per-day"] svg[role="img"]'));
        expect(svg, "a visible per-day chart").not.toBeNull();
        await svg!.scrollIntoViewIfNeeded();
        const bars = await svg!.locator("g.bar").all();
        let tallest: { bar: (typeof bars)[number]; box: { x: number; y: number; width: number; height: number } } | null = null;
        for (const bar of bars) {
          const box = await bar.locator("rect.s1").boundingBox();
          if (box && (!tallest || box.height > tallest.box.height)) tallest = { bar, box };
        }
        expect(tallest, "a bar to hover").not.toBeNull();
        const tip = tallest!.bar.locator(".tip");
        expect(await tip.isVisible()).toBe(false);
        await page.mouse.move(tallest!.box.x + tallest!.box.width / 2, tallest!.box.y + tallest!.box.height / 2, { steps: 3 });
        await expect.poll(() => tip.isVisible()).toBe(true);
        expect((await tip.textContent())?.trim()).toMatch(/^\d+ \w{3}: \d+$/);
      });
    }
  });

  it("switches the timeline between UTC and the reader's local time", async () => {
    await withPage({ timezoneId: "Asia/Tokyo" }, async (page) => {
      await open(page, INCIDENT_PATH);
      const time = page.locator(`section:has(#timeline-heading) time[datetime="${TOKYO_OFFLINE}"]`).first();
      const utc = page.getByRole("button", { name: "UTC", exact: true });
      const local = page.getByRole("button", { name: "Local time", exact: true });

      const initial = (await time.innerText()).trim();
      expect(initial).toContain("14:00");
      expect(initial).toContain("UTC");
      await expect.poll(() => local.getAttribute("aria-pressed")).toBe("false");
      await expect.poll(() => utc.getAttribute("aria-pressed")).toBe("true");

      await local.click();
      await expect.poll(() => local.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(async () => (await time.innerText()).trim()).toContain("23:00");
      expect(await time.innerText()).not.toContain("14:00");

      await utc.click();
      await expect.poll(() => utc.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(async () => (await time.innerText()).trim()).toBe(initial);
    });
  });

  it("lets the time-zone switch be used from the keyboard", async () => {
    await withPage({ timezoneId: "Asia/Tokyo" }, async (page) => {
      await open(page, INCIDENT_PATH);
      const time = page.locator(`section:has(#timeline-heading) time[datetime="${TOKYO_OFFLINE}"]`).first();
      const utc = page.getByRole("button", { name: "UTC", exact: true });
      const local = page.getByRole("button", { name: "Local time", exact: true });
      const initial = (await time.innerText()).trim();

      expect(await tabTo(page, local), "Tab reaches the Local time button").toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(() => local.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(async () => (await time.innerText()).trim()).toContain("23:00");

      const reached = (await tabTo(page, utc, { backwards: true, max: 5 })) || (await tabTo(page, utc, { max: 5 }));
      expect(reached, "Tab reaches the UTC button from Local time").toBe(true);
      await page.keyboard.press("Space");
      await expect.poll(() => utc.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(async () => (await time.innerText()).trim()).toBe(initial);
    });
  });
});

describe("accessibility (axe)", () => {
  const cases = ["/", INCIDENT_PATH].flatMap((url) => (["light", "dark"] as const).map((scheme) => [url, scheme] as const));

  it.each(cases)("finds no violations on %s in %s mode", async (url, colorScheme) => {
    await withPage({ colorScheme }, async (page) => {
      await open(page, url);
      await expectNoAxeViolations(page, `${url} (${colorScheme})`);
    });
  });
});

describe("screenshots and layout", () => {
  const cases = ([390, 1440] as const).flatMap((width) => (["light", "dark"] as const).map((scheme) => [width, scheme] as const));

  it.each(cases)("lays out the incident page at %i px (%s), saved for a look", async (width, colorScheme) => {
    await withPage({ colorScheme, viewport: { width, height: 900 } }, async (page) => {
      await open(page, INCIDENT_PATH);
      const file = await lookAt(page, `incident-${width}-${colorScheme}`);
      if (file) expect((await fs.stat(file)).size).toBeGreaterThan(0);
      if (width === 390) {
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, "no horizontal overflow at 390 px").toBeLessThanOrEqual(390);
      }
    });
  });
});
