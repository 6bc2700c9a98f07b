import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { signInAsNewEditor } from "./support/editor";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";

// What an author chose stays chosen: after a save the form shows the record, after a refusal it
// shows what was sent, selects included; a save sends only what the author changed.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newDraft(page: Page): Promise<string> {
  const slug = `keeps-${randomBytes(3).toString("hex")}`;
  await page.goto("/editor");
  await page.getByLabel("Slug").fill(slug);
  for (const [label, value] of [["Title", "Object storage outage"], ["Provider", "Example"], ["Service", "Storage"], ["Summary", "Uploads failed."], ["Impact", "Writes failed."], ["Cause", "Unknown yet."]] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("button", { name: "Create draft" }).click();
  await page.waitForURL(`**/editor/incidents/${slug}`);
  return slug;
}

const incidentForm = (page: Page) => page.locator("form").filter({ has: page.getByRole("button", { name: "Save", exact: true }) });
const selected = (page: Page, label: string) => incidentForm(page).getByLabel(label, { exact: true }).inputValue();

/** The incident's first source, numbered for the author, added from the page that needs it. */
async function addSource(page: Page): Promise<void> {
  const source = page.getByRole("form", { name: "Add a source here" });
  expect(await source.getByLabel("Number").inputValue()).toBe("1");
  await source.getByLabel("Publisher").fill("Example");
  await source.getByLabel("Title").fill("Status page");
  await source.getByLabel("Published on").fill("2026-12-01");
  await source.getByRole("button", { name: "Add source" }).click();
  await page.getByText("Source added.").waitFor();
}

/** Saves the incident's form and waits for the page that answers it (with JavaScript off, a new page). */
async function save(page: Page, expectText: string): Promise<void> {
  await incidentForm(page).getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText(expectText).first().waitFor();
}

describe("the editor keeps what the author chose", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`after a save and after a refusal, selects included (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const context = await browser.newContext({ baseURL: fileServer().baseURL, javaScriptEnabled, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
      const page = await context.newPage();
      await signInAsNewEditor(page, "/editor");
      const slug = await newDraft(page);

      await incidentForm(page).getByLabel("Status").selectOption("mitigated");
      await save(page, "Saved.");
      expect(await selected(page, "Status")).toBe("mitigated");

      // The next routine edit, elsewhere in the form, leaves the status as the record has it.
      await incidentForm(page).getByLabel("Cause", { exact: true }).fill("A full metadata volume.");
      await save(page, "Saved.");
      expect(await selected(page, "Status")).toBe("mitigated");
      await page.goto(`/editor/incidents/${slug}`);
      expect(await selected(page, "Status")).toBe("mitigated");
      expect(await incidentForm(page).getByLabel("Cause", { exact: true }).inputValue()).toBe("A full metadata volume.");

      // A refused save comes back as sent: the selects too.
      await incidentForm(page).getByLabel("Status").selectOption("resolved");
      await incidentForm(page).getByLabel("Severity").selectOption("high");
      await incidentForm(page).getByLabel("Title", { exact: true }).fill("");
      await save(page, "Fix");
      expect(await selected(page, "Status")).toBe("resolved");
      expect(await selected(page, "Severity")).toBe("high");
      await page.goto(`/editor/incidents/${slug}`);
      expect(await selected(page, "Status")).toBe("mitigated");

      // A refused event keeps its phase and precision.
      await page.goto(`/editor/incidents/${slug}/events`);
      const event = page.getByRole("form", { name: "Add an event" });
      await event.getByLabel("Phase").selectOption("detection");
      await event.getByLabel("Precision").selectOption("day");
      await event.getByLabel("Title").fill("Uploads start failing");
      await event.getByRole("button", { name: "Add event" }).click();
      await page.getByRole("form", { name: "Add an event" }).getByRole("alert").waitFor();
      const refused = page.getByRole("form", { name: "Add an event" });
      expect(await refused.getByLabel("Phase").inputValue()).toBe("detection");
      expect(await refused.getByLabel("Precision").inputValue()).toBe("day");
      expect(await refused.getByLabel("Title").inputValue()).toBe("Uploads start failing");

      // A time as the author writes it, in their zone, is said back in both and stored in UTC.
      await addSource(page);
      const timed = page.getByRole("form", { name: "Add an event" });
      await timed.getByLabel("Key").fill("uploads-fail");
      await timed.getByLabel("Precision").selectOption("minute");
      await timed.getByLabel("When", { exact: true }).fill("2026-12-01 14:02");
      await timed.getByLabel("Time zone").fill("Europe/Berlin");
      await timed.getByLabel("Title").fill("Uploads start failing");
      await timed.getByRole("group", { name: "Cites" }).getByRole("checkbox", { name: /^\[1\] Status page/ }).check();
      await timed.getByRole("button", { name: "Add event" }).click();
      await page.getByText("Event added. When: 2026-12-01 14:02 Europe/Berlin = 2026-12-01 13:02 UTC.").waitFor();
      expect(await page.locator("summary", { hasText: "Uploads start failing" }).innerText()).toMatch(/13:02/);
      await context.close();
    });
  }

  it("makes the slug from the title, and suggests one for a slug it cannot take", async () => {
    const context = await browser.newContext({ baseURL: fileServer().baseURL, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
    const page = await context.newPage();
    await signInAsNewEditor(page, "/editor");
    const title = `Object storage outage ${randomBytes(3).toString("hex")} (EU)`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    const made = await page.getByLabel("Slug").inputValue();
    expect(made).toMatch(/^object-storage-outage-[0-9a-f]{6}-eu$/);
    await page.getByLabel("Slug").fill("Bad Slug!");
    await expect.poll(() => page.locator("#slug-problem").innerText()).toBe("use lower-case words joined by hyphens, e.g. “bad-slug”");
    await context.close();

    // Without JavaScript an empty slug is made from the title on the server.
    const plain = await browser.newContext({ baseURL: fileServer().baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
    const noScript = await plain.newPage();
    await signInAsNewEditor(noScript, "/editor");
    for (const [label, value] of [["Title", title], ["Provider", "Example"], ["Service", "Storage"], ["Summary", "Uploads failed."], ["Impact", "Writes failed."], ["Cause", "Unknown yet."]] as const) {
      await noScript.getByLabel(label, { exact: true }).fill(value);
    }
    await noScript.getByRole("button", { name: "Create draft" }).click();
    await noScript.waitForURL(`**/editor/incidents/${made}`);
    await plain.close();
  });

  it("shows a saved banner only for the save that made it", async () => {
    const context = await browser.newContext({ baseURL: fileServer().baseURL, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
    const page = await context.newPage();
    await signInAsNewEditor(page, "/editor");
    await newDraft(page);
    await addSource(page);
    await incidentForm(page).getByLabel("Cause", { exact: true }).fill("A full metadata volume.");
    await save(page, "Saved.");
    expect(await page.getByText("Source added.").count()).toBe(0);

    // The history shows the field that changed, before and after, the changed words marked.
    await page.goto(`${new URL(page.url()).pathname}/history`);
    const edit = page.locator("main li").filter({ hasText: "Changed the incident" }).last();
    const row = edit.getByRole("row", { name: /^Cause/ });
    expect(await row.locator("del").allInnerTexts()).toEqual(["Unknown yet."]);
    expect(await row.locator("ins").allInnerTexts()).toEqual(["A full metadata volume."]);
    expect(await edit.getByRole("row").count()).toBe(2);
    await expectNoAxeViolations(page, "the history");
    await context.close();
  });
});
