import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { fileServer } from "./support/file-server";

// Accept-Language only suggests: the server answers an address the same for every browser (so its
// cache is keyed by path), and on a first visit the page offers the reader's language, once, in
// that language's words; answered or not, it does not come back.
const baseURL = fileServer().baseURL;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visit(locale: string, address: string) {
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 390, height: 900 } });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  expect((await page.goto(address, { waitUntil: "networkidle" }))?.status()).toBe(200);
  return page;
}

describe("the language a browser asks for", () => {
  it("changes nothing the server sends: one address, one answer, whatever Accept-Language says", async () => {
    const [english, russian] = await Promise.all(
      ["en-US,en;q=0.9", "ru-RU,ru;q=0.9"].map(async (accept) => {
        const answer = await fetch(new URL("/", baseURL), { headers: { "accept-language": accept } });
        expect(answer.status).toBe(200);
        return { html: await answer.text(), etag: answer.headers.get("etag") };
      }),
    );
    expect(russian?.etag).toBe(english?.etag);
    expect(russian?.html).toContain('<html lang="en"');
    expect(russian?.html).not.toContain("data-language-offer");
  });

  it("offers a Russian reader the page in Russian on a first visit, in Russian, and not again once answered", async () => {
    const page = await visit("ru-RU", "/compare?measure=outage");
    const offer = page.locator("[data-language-offer]");
    await expect.poll(() => offer.count()).toBe(1);
    expect(await offer.getAttribute("lang")).toBe("ru");
    expect(await offer.getByRole("link").getAttribute("href")).toBe("/ru/compare?measure=outage");
    await expectNoAxeViolations(page, "the offer at 390 px");
    await offer.getByRole("button", { name: "Нет, спасибо" }).click();
    expect(await offer.count()).toBe(0);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(await page.locator("[data-language-offer]").count()).toBe(0);
  });

  it("takes a Russian reader who follows it to the same place in Russian", async () => {
    const page = await visit("ru-RU", "/compare");
    await page.locator("[data-language-offer]").getByRole("link").click();
    await page.waitForURL("**/ru/compare");
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    await page.waitForLoadState("networkidle");
    expect(await page.locator("[data-language-offer]").count()).toBe(0);
  });

  it("offers English, in English, to an English reader on a Russian page; nothing to a reader of the page's language", async () => {
    const russianPage = await visit("en-GB", "/ru");
    await expect.poll(() => russianPage.locator("[data-language-offer]").getAttribute("lang")).toBe("en");
    expect(await russianPage.locator("[data-language-offer] a").getAttribute("href")).toBe("/");
    const same = await visit("ru", "/ru");
    const other = await visit("de-DE", "/");
    for (const page of [same, other]) expect(await page.locator("[data-language-offer]").count()).toBe(0);
  });

  it("does not come back on the next visit when it was left unanswered", async () => {
    const page = await visit("ru-RU", "/");
    await expect.poll(() => page.locator("[data-language-offer]").count()).toBe(1);
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.locator("[data-language-offer]").count()).toBe(0);
  });
});
