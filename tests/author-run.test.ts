import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { signInAsNewEditor } from "./support/editor";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

// The author's whole run of issue 19, as a communications lead would do it during an incident:
// sign in, write an incident from nothing, its source, events as they come, a figure, a duration,
// check the preview, publish, later resolve. Every save is expected to pass; the saves and page
// loads are counted, and each editor page is looked at by axe and photographed at 390 and 1440 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const today = new Date().toISOString().slice(0, 10);

/** Counts what the author does: each save pressed, each document the browser loads, and each address it shows (a load or the app's own navigation). */
function counted(page: Page) {
  const tally = { saves: 0, loads: 0, addresses: 0 };
  page.on("load", () => void tally.loads++);
  page.on("framenavigated", (frame) => void (frame === page.mainFrame() && tally.addresses++));
  const save = async (form: Locator, button: string, done: string) => {
    tally.saves++;
    await form.getByRole("button", { name: button, exact: true }).click();
    await page.getByText(done).first().waitFor();
  };
  return { tally, save };
}

/** axe runs in the page, so only with JavaScript on; the same pages are checked then. */
async function look(page: Page, name: string, js: boolean): Promise<void> {
  if (js) await expectNoAxeViolations(page, name);
  const heights: number[] = [];
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await lookAt(page, `${js ? "js" : "nojs"}-${name}-${width}`);
    heights.push(await page.evaluate(() => document.documentElement.scrollHeight));
  }
  console.log(`${name}: ${heights.join(" px at 390, ")} px at 1440`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function fill(form: Locator, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    const control = form.getByLabel(label, { exact: true });
    if ((await control.evaluate((el) => el.tagName)) === "SELECT") await control.selectOption(value);
    else await control.fill(value);
  }
}

const cite = (form: Locator, n: number) => form.getByRole("group", { name: "Cites" }).locator(`input[value="${n}"]`).check();

describe("an author's run, from a fresh sign-in to resolved", () => {
  for (const js of [true, false]) {
    it(`takes no refused save (JavaScript ${js ? "on" : "off"})`, { timeout: 240_000 }, async () => {
      const context = await browser.newContext({ baseURL: fileServer().baseURL, javaScriptEnabled: js, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
      const page = await context.newPage();
      const { tally, save } = counted(page);
      await signInAsNewEditor(page, "/editor");

      const title = `Object storage outage ${randomBytes(3).toString("hex")}`;
      const slug = title.toLowerCase().replaceAll(" ", "-");
      const create = page.locator("form").filter({ has: page.getByRole("button", { name: "Create draft" }) });
      // With JavaScript the slug follows the title as it is typed; without, the server makes the same one.
      await fill(create, { Title: title, Provider: "Example Cloud", Service: "Object storage", Summary: "Uploads to **eu-west** failed.", Impact: "Writes failed; reads worked.", Cause: "Not known yet." });
      if (js) expect(await create.getByLabel("Slug").inputValue()).toBe(slug);
      await create.getByRole("button", { name: "Create draft" }).click();
      tally.saves++;
      await page.waitForURL(`**/editor/incidents/${slug}`);
      await look(page, "incident", js);

      // Events first: the source they cite is added from their own page, its number given.
      const outline = page.getByRole("navigation", { name: "Sections of this incident" });
      await outline.getByRole("link", { name: /^Events/ }).click();
      await page.waitForURL(`**/editor/incidents/${slug}/events`);
      const quick = page.getByRole("form", { name: "Add a source here" });
      expect(await quick.getByLabel("Number").inputValue()).toBe("1");
      await fill(quick, { Publisher: "Example Cloud", Title: "Status page: object storage", "Published on": today });
      await save(quick, "Add source", "Source added.");

      // Keys left empty are made from the titles: "uploads-start-failing", "a-fix-is-deployed".
      for (const [at, phase, name] of [
        ["14:02", "trigger", "Uploads start failing"],
        ["14:38", "recovery", "A fix is deployed"],
      ] as const) {
        const event = page.getByRole("form", { name: "Add an event" });
        await fill(event, { When: at, Phase: phase, Title: name });
        await cite(event, 1);
        await save(event, "Add event", `Event added. When: ${today} ${at} UTC`);
      }
      await look(page, "events", js);

      await outline.getByRole("link", { name: /^Figures/ }).click();
      const figure = page.getByRole("form", { name: "Add a figure" });
      await fill(figure, { Value: "36", "Unit (optional)": "minutes", Label: "Uploads failing" });
      await figure.getByLabel("Show on the front page").check();
      await cite(figure, 1);
      await save(figure, "Add figure", "Figure added.");

      await outline.getByRole("link", { name: /^Durations/ }).click();
      const duration = page.getByRole("form", { name: "Add a duration" });
      await fill(duration, { Label: "Outage", "Stands for (optional)": "outage", "Counted by": "Example Cloud", "From event": "uploads-start-failing", "To event": "a-fix-is-deployed", "How it is counted": "From the first failed upload to the fix." });
      await cite(duration, 1);
      await save(duration, "Add duration", "Duration added.");
      await look(page, "durations", js);

      await outline.getByRole("link", { name: "The incident" }).click();
      const fields = page.locator("form").filter({ has: page.getByRole("button", { name: "Save", exact: true }) });
      await cite(fields, 1);
      await save(fields, "Save", "Saved.");

      // The draft as readers will see it, for this editor only.
      await page.getByRole("link", { name: "Preview as readers will see it" }).click();
      await page.getByRole("note", { name: "Draft" }).waitFor();
      expect(await page.locator("main").innerText()).toContain("Uploads start failing");
      await look(page, "preview", js);

      await page.getByRole("link", { name: "Check and publish" }).click();
      await page.getByRole("heading", { name: "Nothing is missing" }).waitFor();
      await look(page, "publish", js);
      await save(page.locator("form").filter({ has: page.getByRole("button", { name: "Publish" }) }), "Publish", "Published: readers can see it now.");

      // Later: resolved.
      await outline.getByRole("link", { name: "The incident" }).click();
      await fields.getByLabel("Status", { exact: true }).selectOption("resolved");
      await save(fields, "Save", "Saved.");
      expect(await fields.getByLabel("Status", { exact: true }).inputValue()).toBe("resolved");

      const reader = await browser.newContext({ baseURL: fileServer().baseURL });
      const shown = await reader.request.get(`/incidents/${slug}`);
      expect(shown.status()).toBe(200);
      const html = await shown.text();
      expect(html).toContain("resolved");
      expect(html).not.toContain("Draft, not published");
      expect(await (await reader.request.get(`/incidents/${slug}/changes`)).text()).toContain("Status: resolved");
      expect(await (await reader.request.get("/feed.xml")).text()).toContain(title);
      await reader.close();

      // The closing note's figures: what the run took.
      console.log(`author run, JavaScript ${js ? "on" : "off"}: ${tally.saves} saves, ${tally.loads} page loads, ${tally.addresses} addresses shown`);
      expect(tally.saves).toBe(9);

      // Every section's page, and the editor's own, pass axe as they stand at the end of the run.
      if (js) {
        const pages = await outline.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
        for (const href of [...pages, "/editor"]) {
          await page.goto(href);
          await expectNoAxeViolations(page, href);
        }
      }

      await context.close();
    });
  }
});
