import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { SECOND_SLUG, SLUG, THIRD_SLUG } from "./support/contract";
import { englishLeaks, englishPhrases, recordTexts } from "./support/english-leaks";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

// The readers' pages and their exports in both languages: each in Chromium at a phone's width and a
// desktop's, axe clean, looked at in screenshots; on a Russian page no English interface text, every
// internal link kept under /ru, and dates and numbers in Russian; the files in the address's language.

const baseURL = fileServer().baseURL;
const SLUGS = [SLUG, SECOND_SLUG, THIRD_SLUG];
const PAGES: Array<[string, string]> = [
  ["dashboard", "/"],
  ["search", "/?q=redis"],
  ["compare", "/compare"],
  ...SLUGS.map((s, i): [string, string] => [`incident-${i + 1}`, `/incidents/${s}`]),
  ["changes", `/incidents/${SLUG}/changes`],
  ["export", `/incidents/${SLUG}/export.html`],
];
const ru = (p: string) => (p === "/" ? "/ru" : p.startsWith("/?") ? `/ru${p.slice(1)}` : `/ru${p}`);
/** Regions of these pages that other parts of issue 22 translate (the incident page's sign-up). */
const NOT_OURS = ['[aria-labelledby="subscribe-title"]'];
const PHRASES = englishPhrases(["public", "record", "exports"], "ru");

let browser: Browser;
let record = "";

beforeAll(async () => {
  browser = await launchBrowser();
  const documents = await Promise.all(SLUGS.map(async (s) => (await fetch(new URL(`/incidents/${s}/incident.json`, baseURL))).json()));
  record = documents.map(recordTexts).join("\n");
});
afterAll(async () => {
  await browser?.close();
});

/** What a reader reads or hears: the visible text, the accessible names and the charts' titles, outside the regions others translate. */
async function readable(page: Page): Promise<string> {
  return page.evaluate((skip) => {
    const outside = (e: Element) => !skip.some((s) => e.closest(s));
    let text = document.body.innerText;
    for (const s of skip) for (const e of document.querySelectorAll<HTMLElement>(s)) text = text.replace(e.innerText, "");
    const names = [...document.querySelectorAll("[aria-label], title, [title], [alt]")]
      .filter(outside)
      .map((e) => [e.getAttribute("aria-label"), e.tagName.toLowerCase() === "title" ? e.textContent : e.getAttribute("title"), e.getAttribute("alt")].filter(Boolean).join("\n"));
    return [document.title, text, ...names].join("\n");
  }, NOT_OURS);
}

/** The page's links to this site, outside the regions others translate and the language switch. */
async function internalLinks(page: Page): Promise<string[]> {
  return page.evaluate((skip) => {
    const origin = location.origin;
    return [...document.querySelectorAll<HTMLAnchorElement>("a[href], form[action]")]
      .filter((e) => !skip.some((s) => e.closest(s)) && !e.hasAttribute("hreflang"))
      .map((e) => new URL(e instanceof HTMLAnchorElement ? e.href : (e as HTMLFormElement).action, location.href))
      .filter((u) => u.origin === origin && !(u.pathname === location.pathname && u.hash))
      .map((u) => u.pathname + u.search);
  }, NOT_OURS);
}

describe.each([
  ["en", (p: string) => p],
  ["ru", ru],
] as const)("the readers' pages in %s", (locale, address) => {
  const cases = PAGES.flatMap(([name, bare]) => [390, 1440].map((width) => [name, width, bare] as const));
  // The incident pages are long and axe reads every node: a slow machine needs more than the default minute.
  it.each(cases)("%s at %i px in Chromium: axe clean, in its language, its links kept in it", { timeout: 180_000 }, async (name, width, bare) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    const response = await page.goto(address(bare), { waitUntil: "networkidle" });
    expect(response?.status(), address(bare)).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe(locale);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${address(bare)} at ${width}`).toBeLessThanOrEqual(width);
    await lookAt(page, `i18n-${locale}-${name}-${width}`);
    await expectNoAxeViolations(page, `${address(bare)} at ${width} px`);
    const text = await readable(page);
    if (locale === "ru") {
      expect(englishLeaks(text, PHRASES, record), address(bare)).toEqual([]);
      expect((await internalLinks(page)).filter((l) => l !== "/ru" && !l.startsWith("/ru/") && !l.startsWith("/ru?")), address(bare)).toEqual([]);
    } else {
      // The same check finds the English page's own words, so it is not blind; Russian on an English
      // page is only the switch's own name for its language, or the record's (a source's title).
      expect(englishLeaks(text, PHRASES, record).length, address(bare)).toBeGreaterThan(3);
      const russian = text.replaceAll("Русский", "").match(/[\p{Script=Cyrillic}]+/gu) ?? [];
      expect(russian.filter((word) => !record.includes(word)), address(bare)).toEqual([]);
    }
  });
});

describe("the exports at /ru", () => {
  it("export.html is Russian: its dates and numbers, its lengths and its headings", async () => {
    const html = await (await fetch(new URL(ru(`/incidents/${SLUG}/export.html`), baseURL))).text();
    expect(html).toContain('<html lang="ru">');
    for (const said of ["Что произошло", "Сколько длилось", "5 ч 40 мин", "27 августа 2026 г.", "Хронология"]) expect(html).toContain(said);
  });

  it("postmortem.md is Russian, with no English interface phrase", async () => {
    const response = await fetch(new URL(ru(`/incidents/${SLUG}/postmortem.md`), baseURL));
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const md = await response.text();
    for (const heading of ["## Что произошло", "## Хронология", "## Сколько длилось", "## Источники"]) expect(md).toContain(heading);
    expect(englishLeaks(md, PHRASES, record)).toEqual([]);
  });

  it("feed.xml is Russian, and every link in it resolves under /ru", async () => {
    const feedUrl = new URL("/ru/feed.xml", baseURL);
    const response = await fetch(feedUrl);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('xml:lang="ru"');
    expect(xml).toContain("<title>Разборы инцидентов Aftermath</title>");
    expect(englishLeaks(xml.replace(/<[^>]+>/g, " "), PHRASES, record)).toEqual([]);
    const links = [...xml.matchAll(/<link [^>]*href="([^"]*)"/g)].map((m) => new URL(m[1] ?? "", feedUrl).pathname);
    expect(links.length).toBeGreaterThan(SLUGS.length);
    expect(links.filter((l) => !l.startsWith("/ru/"))).toEqual([]);
  });

  it("incident.json is one file in every language", async () => {
    const [en, inRu] = await Promise.all(["", "/ru"].map(async (p) => (await fetch(new URL(`${p}/incidents/${SLUG}/incident.json`, baseURL))).text()));
    expect(inRu).toBe(en);
  });
});
