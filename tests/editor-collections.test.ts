import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, testIncident, tokenAdd } from "./support/api";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { signInAsNewEditor } from "./support/editor";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = tokenAdd("write");
});
afterAll(async () => {
  await browser?.close();
});

/** A draft with one source and two events, made over the API so the browser starts at the collections. */
async function draftWithEvents(): Promise<string> {
  const slug = `collections-${randomUUID().slice(0, 8)}`;
  let version = (await callApi("POST", "/incidents", { token, body: testIncident(slug) })).body.version as number;
  const add = async (collection: string, item: Record<string, unknown>) => {
    const { response, body } = await callApi("POST", `/incidents/${slug}/${collection}`, { token, body: { version, item } });
    expect(response.status, JSON.stringify(body)).toBe(201);
    version = body.version as number;
  };
  await add("sources", { number: 1, publisher: "Example", title: "Report", author: null, publishedOn: "2026-10-01", url: null, note: null });
  for (const [key, at] of [["stall", "2026-09-01T10:00Z"], ["drain", "2026-09-01T12:30Z"]]) {
    await add("events", { key, at, precision: "minute", phase: "trigger", title: key, detail: null, cites: [1] });
  }
  return slug;
}

/** Its own context, as axe needs, and its own client address, so sign-in limits stay apart. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: fileServer().baseURL, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
  return context.newPage();
}

async function fill(form: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    // A fact's sources are picked by their numbers.
    if (label === "Cites") {
      for (const n of value.split(" ")) await form.getByRole("group", { name: "Cites" }).locator(`input[value="${n}"]`).check();
      continue;
    }
    const control = form.getByLabel(label, { exact: true });
    if ((await control.evaluate((el) => el.tagName)) === "SELECT") await control.selectOption(value);
    else await control.fill(value);
  }
}

async function submit(page: Page, form: Locator, button: string, done: string) {
  await form.getByRole("button", { name: button }).click();
  await page.getByText(done).first().waitFor();
}

const readItems = async (slug: string) => (await callApi("GET", `/incidents/${slug}`, { token })).body.items as Record<string, Array<Record<string, unknown>>>;

describe("the editor's collections in the browser", () => {
  it("adds a figure, a duration, a finding, a reaction, a recommendation and a context fact, edits one and deletes one", async () => {
    const slug = await draftWithEvents();
    const page = await newPage();
    await signInAsNewEditor(page, `/editor/incidents/${slug}`);

    // Each collection on its own page, reached from the outline, which counts what each holds.
    const outline = page.getByRole("navigation", { name: "Sections of this incident" });
    const outlined = async () => (await outline.getByRole("link").allInnerTexts()).map((t) => t.replace(/[\s,]+/g, " ").trim());
    expect(await outlined()).toEqual(["The incident", "Sources 1", "Updates 0", "Events 2", "Figures 0", "Durations 0", "Findings 0", "Reactions 0", "Recommendations 0", "Context 0", "Affected list none", "Русский", "Notices", "History"]);
    const added: Array<[string, string, Record<string, string>, string, string]> = [
      ["figures", "Add a figure", { Value: "42", "Unit (optional)": "jobs", Label: "Jobs stalled", Cites: "1", "Note (optional)": "Counted **twice**." }, "Add figure", "Figure added."],
      [
        "durations",
        "Add a duration",
        { Key: "stall", Label: "Stall", "Counted by": "Example", Kind: "interval", "From event": "stall", "To event": "drain", Cites: "1", "How it is counted": "From the stall to the drain." },
        "Add duration",
        "Duration added.",
      ],
      ["findings", "Add a finding", { Assessor: "An auditor", "Assessed on": "2026-10-02", Cites: "1", Finding: "The disk filled." }, "Add finding", "Finding added."],
      ["reactions", "Add a reaction", { Who: "A customer", "Affiliation (optional)": "Example Co", Cites: "1", Statement: "We noticed." }, "Add reaction", "Reaction added."],
      ["recommendations", "Add a recommendation", { For: "provider", Status: "open", Cites: "1", Recommendation: "Alert on disk use." }, "Add recommendation", "Recommendation added."],
      ["context", "Add a context fact", { Topic: "Disks", Cites: "1", Statement: "They were small." }, "Add context fact", "Context fact added."],
    ];
    for (const [section, formName, fields, button, done] of added) {
      await page.goto(`/editor/incidents/${slug}/${section}`);
      const form = page.getByRole("form", { name: formName });
      await fill(form, fields);
      await submit(page, form, button, done);
    }

    let items = await readItems(slug);
    expect(items.figures).toMatchObject([{ value: "42", unit: "jobs", label: "Jobs stalled", note: "Counted **twice**.", cites: [1] }]);
    expect(items.durations).toMatchObject([{ key: "stall", kind: "interval", from: "stall", to: "drain", contests: null, cites: [1] }]);
    expect(items.findings).toMatchObject([{ assessor: "An auditor", assessedOn: "2026-10-02", statement: "The disk filled." }]);
    expect(items.reactions).toMatchObject([{ who: "A customer", affiliation: "Example Co", statement: "We noticed." }]);
    expect(items.recommendations).toMatchObject([{ audience: "provider", status: "open", text: "Alert on disk use." }]);
    expect(items.context).toMatchObject([{ topic: "Disks", statement: "They were small." }]);

    await page.goto(`/editor/incidents/${slug}/figures`);
    await page.getByRole("region", { name: /^Figures/ }).locator("summary").first().click();
    const edit = page.getByRole("form", { name: "Edit figure Jobs stalled" });
    await expectNoAxeViolations(page, "the editor with an item open");
    await fill(edit, { Value: "43" });
    await submit(page, edit, "Save figure", "Figure saved.");

    // A duration made stated: the new kind's fields are sent though the stored interval had none, its box unticked too.
    await page.goto(`/editor/incidents/${slug}/durations`);
    await page.getByRole("region", { name: /^Durations/ }).locator("summary").first().click();
    const kind = page.getByRole("form", { name: "Edit duration Stall" });
    await fill(kind, { Kind: "stated", "Stated length in minutes": "150" });
    await submit(page, kind, "Save duration", "Duration saved.");
    expect((await readItems(slug)).durations).toMatchObject([{ key: "stall", kind: "stated", statedMinutes: 150, approximate: false }]);

    await page.goto(`/editor/incidents/${slug}/context`);
    await page.getByRole("region", { name: /^Context/ }).locator("summary").first().click();
    await page.getByRole("button", { name: "Delete this context fact" }).click();
    await page.getByRole("heading", { name: "Context (0)" }).waitFor();
    expect(await outlined()).toContain("Context 0");
    expect(await outlined()).toContain("Figures 1");

    items = await readItems(slug);
    expect(items.figures?.[0]?.value).toBe("43");
    expect(items.context).toEqual([]);
    const history = (await callApi("GET", `/incidents/${slug}/history`, { token })).body.entries as Array<{ action: string; entity: string }>;
    expect(history.slice(-9).map((e) => `${e.action} ${e.entity}`)).toEqual([
      "create figures",
      "create durations",
      "create findings",
      "create reactions",
      "create recommendations",
      "create context",
      "update figures",
      "update durations",
      "delete context",
    ]);
    await page.context().close();
  });

  it("refuses a stale edit with the reason, and keeps what the editor typed", async () => {
    const slug = await draftWithEvents();
    const page = await newPage();
    await signInAsNewEditor(page, `/editor/incidents/${slug}/findings`);
    // Someone else changes the incident after this page was drawn.
    const { version } = (await callApi("GET", `/incidents/${slug}`, { token })).body as { version: number };
    expect((await callApi("PATCH", `/incidents/${slug}`, { token, body: { version, title: "Changed elsewhere" } })).response.status).toBe(200);

    const form = page.getByRole("form", { name: "Add a finding" });
    await fill(form, { Assessor: "Late", "Assessed on": "2026-10-03", Cites: "1", Finding: "Typed with care." });
    await form.getByRole("button", { name: "Add finding" }).click();
    await expect.poll(() => form.getByRole("alert").innerText()).toMatch(/changed since version \d+ .*reload/);
    await expect(form.getByLabel("Finding", { exact: true }).inputValue()).resolves.toBe("Typed with care.");
    await expect(form.getByLabel("Assessor", { exact: true }).inputValue()).resolves.toBe("Late");
    expect((await readItems(slug)).findings).toEqual([]);
    await page.context().close();
  });

  it("refuses to delete a source that facts still cite, and says which", async () => {
    const slug = await draftWithEvents();
    const page = await newPage();
    await signInAsNewEditor(page, `/editor/incidents/${slug}/sources`);
    await page.getByRole("region", { name: /^Sources/ }).locator("summary").first().click();
    await page.getByRole("button", { name: "Delete this source" }).click();
    await expect.poll(() => page.getByRole("alert").first().innerText()).toMatch(/Source \[1\] is cited by 2 fact/);
    expect((await readItems(slug)).sources).toHaveLength(1);
    await page.context().close();
  });
});
