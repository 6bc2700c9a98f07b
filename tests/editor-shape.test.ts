import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, testIncident, tokenAdd } from "./support/api";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { signInAsNewEditor } from "./support/editor";
import { fileServer } from "./support/file-server";

// The list's shape set in the editor, as JSON, through the same verb as the API: saved, refused as
// not JSON with what was typed kept, and read back by the row's schema.
const slug = `shape-${randomBytes(4).toString("hex")}`;
const SUBSCRIBERS = {
  unit: { one: "subscriber", many: "subscribers" },
  account: { name: "the email address of your subscription", form: { kind: "email" }, example: "you@example.com", caseSensitive: false },
  requestIds: null,
  roles: [{ key: "shown", label: "your details may have been shown to another subscriber", meaning: "Another subscriber's page may have shown these details." }],
  measures: [],
  dataClasses: [{ key: "name", label: "your name", meaning: "First and last name." }],
  time: "day",
};

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = tokenAdd("write");
  const created = await callApi("POST", "/incidents", { token, body: testIncident(slug) });
  expect(created.response.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

describe("the list's shape in the editor", () => {
  it("is saved from its JSON, refused when it is not JSON (keeping what was typed), and read by the row's schema", async () => {
    const context = await browser.newContext({ baseURL: fileServer().baseURL, viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      const at = `/editor/incidents/${slug}/affected`;
      await signInAsNewEditor(page, at);
      const field = page.getByLabel("What one row of the list is (JSON)");
      await expect(field.inputValue()).resolves.toContain('"recipient"');
      await field.fill("{ not json");
      await page.getByRole("button", { name: "Save the shape" }).click();
      await page.getByText(/Nothing was saved: the shape is not JSON/).waitFor();
      await expect(field.inputValue()).resolves.toBe("{ not json");
      await expectNoAxeViolations(page, "the shape form with a refusal");
      await field.fill(JSON.stringify(SUBSCRIBERS, null, 2));
      await page.getByRole("button", { name: "Save the shape" }).click();
      await page.getByText("Saved the list's shape.").waitFor();
      await page.getByText("account_id,occurred_at,role,data_classes").waitFor();
      const schema = await callApi("GET", `/incidents/${slug}/affected/schema`, { token });
      expect(Object.keys(schema.body.properties as object)).toEqual(["account_id", "occurred_at", "role", "data_classes"]);
    } finally {
      await context.close();
    }
  });
});
