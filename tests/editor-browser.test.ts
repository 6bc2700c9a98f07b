import { randomBytes } from "node:crypto";
import type { Browser, Dialog } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { signInAsNewEditor } from "./support/editor";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";

const XSS = `<img src=x onerror=alert(1)>`;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("an editor writes a small incident end to end", () => {
  it("signs in, creates a draft, adds a source and an event, publishes, and a visitor reads it", async () => {
    const context = await browser.newContext({ baseURL: fileServer().baseURL, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
    const dialogs: Dialog[] = [];
    context.on("page", (p) => p.on("dialog", (d) => void dialogs.push(d)));
    const page = await context.newPage();
    page.on("dialog", (d) => {
      dialogs.push(d);
      void d.dismiss();
    });
    const slug = `e2e-${randomBytes(3).toString("hex")}`;
    await signInAsNewEditor(page, "/editor");

    // The live check speaks before the server does.
    await page.getByLabel("Slug").fill("Not A Slug");
    await expect.poll(() => page.locator("#slug-problem").innerText()).toMatch(/lower-case/);
    await page.getByLabel("Slug").fill(slug);
    for (const [label, value] of [
      ["Title", `Queue outage ${XSS}`],
      ["Provider", "Example"],
      ["Service", "Queues"],
      ["Summary", `Jobs stalled. ${XSS}`],
      ["Impact", "Jobs were delayed."],
      ["Cause", "A full disk."],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole("button", { name: "Create draft" }).click();
    await page.waitForURL(`**/editor/incidents/${slug}`);
    // The draft's public address: a preview for its editor, nothing for anyone else.
    expect((await page.goto(`/incidents/${slug}`))?.status()).toBe(200);
    await page.getByRole("note", { name: "Draft" }).getByText("Draft, not published.").waitFor();
    const stranger = await browser.newContext({ baseURL: fileServer().baseURL });
    for (const path of [`/incidents/${slug}`, `/incidents/${slug}/export.html`, `/incidents/${slug}/postmortem.md`, `/incidents/${slug}/incident.json`, `/incidents/${slug}/changes`]) {
      expect((await stranger.request.get(path)).status(), path).toBe(404);
    }
    expect(await (await stranger.request.get("/feed.xml")).text()).not.toContain(slug);
    await stranger.close();
    await page.goto(`/editor/incidents/${slug}/sources`);

    const source = page.getByRole("form", { name: "Add a source" });
    await source.getByLabel("Number").fill("1");
    await source.getByLabel("Publisher").fill("Example");
    await source.getByLabel("Title").fill(`Postmortem ${XSS}`);
    await source.getByLabel("Published on").fill("2026-10-01");
    await source.getByRole("button", { name: "Add source" }).click();
    await page.getByText("Source added.").waitFor();

    await page.getByRole("navigation", { name: "Sections of this incident" }).getByRole("link", { name: /^Events/ }).click();
    await page.waitForURL(`**/editor/incidents/${slug}/events`);
    const event = page.getByRole("form", { name: "Add an event" });
    await event.getByLabel("Key").fill("disk-full");
    await event.getByLabel("When", { exact: true }).fill("2026-09-01T10:00Z");
    await event.getByLabel("Title").fill(`Disk full ${XSS}`);
    await event.getByRole("group", { name: "Cites" }).getByRole("checkbox", { name: /^\[1\] Postmortem/ }).check();
    await event.getByRole("button", { name: "Add event" }).click();
    await page.getByText("Event added.").waitFor();
    await expectNoAxeViolations(page, "the incident editor");

    await page.getByRole("link", { name: "Check and publish" }).click();
    await page.waitForURL(`**/editor/incidents/${slug}/publish`);
    await expect(page.locator("main").innerText()).resolves.toContain("The incident's summary cites no source.");
    await expectNoAxeViolations(page, "the publish page");
    await page.getByRole("button", { name: "Publish anyway" }).click();
    await page.getByText("Published: readers can see it now.").waitFor();

    const visitor = await browser.newPage({ baseURL: fileServer().baseURL });
    visitor.on("dialog", (d) => {
      dialogs.push(d);
      void d.dismiss();
    });
    const response = await visitor.goto(`/incidents/${slug}`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(`Queue outage ${XSS}`);
    expect(await visitor.locator("main").innerText()).toContain(`Disk full ${XSS}`);
    expect(await visitor.locator("main img").count()).toBe(0);
    // A young record leaves out the sections it has nothing for (an affected list among them), and
    // every link of the page's contents lands on a section.
    // The record's sections; the page's sign-up for news is an aside of its own.
    const headings = await visitor.locator("section h2").allInnerTexts();
    expect(headings).toEqual(["What happened", "Timeline", "Sources"]);
    expect(await visitor.getByText("Affected responses").count()).toBe(0);
    const targets = await visitor.locator('nav[aria-label="On this page"] a').evaluateAll((links) =>
      links.map((a) => (a.getAttribute("href") ?? "").slice(1)).filter((id) => !document.getElementById(id)),
    );
    expect(targets).toEqual([]);

    await page.goto(`/editor/incidents/${slug}/history`);
    const lines = await page.locator("main ol li p").allInnerTexts();
    expect(lines.map((l) => / UTC · (.+?) · /.exec(l)?.[1])).toEqual(["Created the incident", `Added source “Postmortem ${XSS}”`, `Added event “Disk full ${XSS}”`, "Published the incident"]);
    expect(dialogs).toHaveLength(0);
    await visitor.close();
    await context.close();
  });
});
