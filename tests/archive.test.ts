import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CARDS_PER_PAGE as PER } from "@/db/read/dashboard";
import { readListedPage } from "@/db/read/listing";
import { sqliteStore } from "@/db/store/sqlite";
import type { Store } from "@/db/store/store";
import { updateIncident } from "@/db/write/incident";
import { expectNoAxeViolations } from "./support/axe";
import { fillArchive } from "./support/archive";
import { launchBrowser } from "./support/browser";
import { expectNoSidewaysScroll } from "./support/fits";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { freePort } from "./support/process";
import { lookAt } from "./support/screenshots";

// An archive of 75 published incidents (the shipped three and 72 copies through the domain verb) on
// a production server of its own: the front page, /compare and the feed each show a page of it,
// with their pages linked in the address, paged in Chromium with JavaScript off.
const TOTAL = 75;
let server: OwnServer;
let store: Store | undefined;
let browser: Browser;
let order: string[] = [];
let secondPage = "";

beforeAll(async () => {
  server = await startOwnServer(await freePort(), {});
  store = sqliteStore(server.databasePath);
  await fillArchive(store, TOTAL - 3);
  const first = await readListedPage(store.q, { where: [] }, { size: PER });
  order = (await readListedPage(store.q, { where: [] }, { size: TOTAL })).rows.map((r) => r.slug);
  secondPage = `/?after=${encodeURIComponent(first.older ?? "")}`;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await store?.close();
  await server?.stop();
});

const get = (at: string) => fetch(new URL(at, server.baseURL));
const cardSlugs = (tab: Page) => tab.locator("ul.incidents > li h2 a").evaluateAll((links) => links.map((a) => (a.getAttribute("href") ?? "").replace("/incidents/", "")));
const statusText = (tab: Page) => tab.getByRole("status").last().innerText();

async function withTab(options: { javaScriptEnabled: boolean; width?: number; colorScheme?: "light" | "dark" }, body: (tab: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: 900 }, javaScriptEnabled: options.javaScriptEnabled, colorScheme: options.colorScheme ?? "light" });
  try {
    await body(await context.newPage());
  } finally {
    await context.close();
  }
}

describe("an archive of 75 incidents", () => {
  it("pages the front page a few at a time by links, each page at its own address, every incident once, newest first, without JavaScript", async () => {
    await withTab({ javaScriptEnabled: false }, async (tab) => {
      await tab.goto(server.baseURL + "/");
      const seen: string[] = [];
      const addresses: string[] = [];
      for (let n = 0; ; n++) {
        const shown = await cardSlugs(tab);
        expect(shown.length).toBe(Math.min(PER, TOTAL - PER * n));
        expect(await statusText(tab)).toBe(`Incidents ${PER * n + 1}–${PER * n + shown.length} of ${TOTAL}, newest first.`);
        seen.push(...shown);
        addresses.push(tab.url());
        const older = tab.getByRole("link", { name: "Older incidents →" });
        if ((await older.count()) === 0) break;
        await older.click();
        expect(tab.url()).toMatch(/\?after=/);
      }
      expect(seen).toEqual(order);
      // Back through the newer pages, each the page it was on the way out.
      const pages = addresses.length;
      await tab.getByRole("link", { name: "← Newer incidents" }).click();
      expect(await cardSlugs(tab)).toEqual(order.slice(PER * (pages - 2), PER * (pages - 1)));
      await tab.goto(addresses[3] ?? "");
      expect(await cardSlugs(tab)).toEqual(order.slice(PER * 3, PER * 4));
      await tab.getByRole("link", { name: "Back to the first page" }).click();
      expect(await cardSlugs(tab)).toEqual(order.slice(0, PER));
    });
  });

  it("compares the incidents ticked on the list, and the newest three per length otherwise, without JavaScript", async () => {
    await withTab({ javaScriptEnabled: false }, async (tab) => {
      await tab.goto(server.baseURL + "/");
      const [first = "", , third = ""] = order;
      await tab.getByRole("checkbox", { name: new RegExp(`^Compare .*copy`) }).first().check();
      const ticked = await tab.locator('input[name="incident"]:checked').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
      await tab.locator(`input[name="incident"][value="${third}"]`).check();
      await tab.getByRole("button", { name: "Compare the ticked incidents" }).click();
      expect(new URL(tab.url()).searchParams.getAll("incident").sort()).toEqual([...ticked, third].sort());
      await expect(tab.getByRole("heading", { name: "The 2 incidents you chose" }).count()).resolves.toBe(1);
      expect(await tab.locator("table tbody tr").count()).toBe(2);
      // Untick one and compare again: one left.
      await tab.locator(`#choice-heading ~ form input[value="${third}"]`).uncheck();
      await tab.getByRole("button", { name: "Compare the ticked incidents" }).click();
      expect(new URL(tab.url()).searchParams.getAll("incident")).toEqual(ticked);
      expect(await tab.locator("table tbody tr").count()).toBe(1);
      await tab.goto(server.baseURL + "/compare");
      await expect(tab.getByRole("heading", { name: "The newest 3 incidents that record each length" }).count()).resolves.toBe(1);
      const rows = await tab.locator("table tbody tr").count();
      expect(rows).toBeGreaterThanOrEqual(3);
      expect(rows).toBeLessThanOrEqual(15);
      expect(first).not.toBe("");
    });
  });

  it("refuses, as a 400 that says what to fix, an address no list made", async () => {
    const many = Array.from({ length: 11 }, (_, i) => `incident=${order[i]}`).join("&");
    for (const [at, says] of [
      ["/?after=not-a-cursor", "an incident the list shows"],
      [`/?after=${encodeURIComponent(`2026-01-01T00:00:00Z~${order[0]}`)}&before=${encodeURIComponent(`2026-01-01T00:00:00Z~${order[0]}`)}`, "not both"],
      [`/compare?${many}`, "at most 10 incidents"],
      ["/compare?incident=no-such-incident", "no published incident is called no-such-incident"],
    ] as const) {
      const r = await get(at);
      expect([at, r.status]).toEqual([at, 400]);
      expect(await r.text()).toContain(says);
    }
    const feed = await get("/feed.xml?after=nonsense");
    expect([feed.status, feed.headers.get("content-type")]).toEqual([400, "application/problem+json"]);
  });

  it("serves the feed fifty entries at a time, its pages linked as RFC 5005 says, every incident once", async () => {
    const ids: string[] = [];
    let at: string | null = "/feed.xml";
    let pages = 0;
    while (at) {
      const r = await get(at);
      expect(r.status).toBe(200);
      const xml = await r.text();
      const entries = [...xml.matchAll(/<id>tag:aftermath\.invalid,2026:incident\/([^<]+)<\/id>/g)].map((m) => m[1] ?? "");
      expect(entries.length).toBe(pages === 0 ? 50 : TOTAL - 50);
      expect(xml).toContain('<link rel="first" type="application/atom+xml" href="feed.xml"/>');
      ids.push(...entries);
      const next = /<link rel="next" type="application\/atom\+xml" href="([^"]+)"\/>/.exec(xml)?.[1];
      at = next ? `/${next.replaceAll("&amp;", "&")}` : null;
      if (pages === 1) expect(xml).toMatch(/<link rel="previous" [^>]*href="feed\.xml\?before=/);
      pages++;
    }
    expect([pages, ids]).toEqual([2, order]);
  });

  // Every page in English is held to 250 KB whatever the archive holds; so are the lists in Russian.
  // A Russian incident page is the same record in Cyrillic, two bytes a letter in its HTML and again
  // in the page's payload: held to 1.25 times its English page (BENCHMARKS.md, issue 22).
  it("keeps every page within 250 KB of HTML in English, and the lists in Russian, whatever the archive holds", async () => {
    const size = async (at: string) => {
      const r = await get(at);
      return [at, r.status, (await r.arrayBuffer()).byteLength] as const;
    };
    for (const at of ["/", secondPage, "/?q=cache", "/compare", "/feed.xml", `/incidents/${order[0]}`, "/ru", "/ru?q=%D1%83%D1%82%D0%B5%D1%87%D0%BA%D0%B0", "/ru/compare", "/ru/feed.xml"]) {
      const [, status, bytes] = await size(at);
      expect([at, status, bytes <= 250_000]).toEqual([at, 200, true]);
    }
    const [[, , english], [, status, russian]] = await Promise.all([size(`/incidents/${order[0]}`), size(`/ru/incidents/${order[0]}`)]);
    expect([status, russian / english <= 1.25]).toEqual([200, true]);
  });

  it("after a write to an incident the front page does not show, sends the front page unchanged and makes that incident's page again", async () => {
    expect((await get("/")).headers.get("cache-status")).toMatch(/^aftermath; (hit|fwd=miss)/);
    const slug = order.at(-1) ?? "";
    if (!store) throw new Error("the archive's store opens in beforeAll");
    const version = (await store.q.row(z.object({ version: z.number().int() }), sql`SELECT version FROM incident WHERE slug = ${slug}`))?.version;
    await updateIncident({ store, actor: { kind: "system", name: "archive-test" }, slug, input: { version, attackNote: "A note on the oldest incident." } });
    expect((await get("/")).headers.get("cache-status")).toBe("aftermath; hit; detail=unchanged-after-write");
    const own = await get(`/incidents/${slug}`);
    expect(own.headers.get("cache-status")).toBe("aftermath; fwd=miss");
    expect(await own.text()).toContain("A note on the oldest incident.");
  });

  for (const width of [390, 1440]) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`reads well at ${width} px (${colorScheme}): a later page of the list and a chosen comparison, with no axe violations`, async () => {
        await withTab({ javaScriptEnabled: true, width, colorScheme }, async (tab) => {
          await tab.goto(server.baseURL + "/");
          await tab.getByRole("link", { name: "Older incidents →" }).click();
          await tab.waitForURL(/after=/);
          for (const [name, at] of [
            ["archive-page-2", tab.url()],
            ["archive-compare", `${server.baseURL}/compare?incident=${order[0]}&incident=${order[1]}`],
          ] as const) {
            await tab.goto(at);
            await expectNoSidewaysScroll(tab, `${name} at ${width} px`);
            await expectNoAxeViolations(tab, `${name} at ${width} px (${colorScheme})`);
            await lookAt(tab, `${name}-${width}-${colorScheme}`);
          }
        });
      });
    }
  }
});
