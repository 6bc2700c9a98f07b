import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { callApi, putShape, testIncident, tokenAdd } from "./support/api";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { signInAsNewEditor } from "./support/editor";
import { fileServer } from "./support/file-server";
import { withFileStore } from "./support/file-store";
import { lookAt } from "./support/screenshots";
import { jsonText } from "@/db/dialect";

// The editor's notices page against the production server, which has no SMTP server set: contacts
// uploaded (with and without JavaScript, a bad file refused whole), the counts of the incident's
// messages, why nothing is sent, a failed message as the server answered it; axe, 390 and 1440 px.
// Then "send me my link" on the lookup page: the same answer for a contact and a stranger.
const slug = `notices-${randomBytes(4).toString("hex")}`;
const account = (n: number) => `${"e".repeat(28)}${String(n).padStart(4, "0")}`;
const csv = (lines: string[], header = "account_id,email") => Buffer.from([header, ...lines].join("\n") + "\n");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = tokenAdd("write");
  const created = await callApi("POST", "/incidents", { token, body: testIncident(slug, "Notices test") });
  const version = await putShape(token, slug, created.body.version as number);
  const rows = [1, 2, 3].map((n) => `${account(n)},${slug}-${n},2026-09-01T12:00:00Z,${100 + n},recipient`);
  const list = await callApi("POST", `/incidents/${slug}/affected?version=${version}`, { token, contentType: "text/csv", body: csv(rows, "account_id,request_id,occurred_at,prompt_tokens,role").toString() });
  expect(list.response.status, JSON.stringify(list.body)).toBe(201);
  const published = await callApi("POST", `/incidents/${slug}/publish`, { token, body: { version: list.body.version } });
  expect(published.response.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

async function withContext(options: { javaScriptEnabled?: boolean; width: number; client: string }, body: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({ baseURL: fileServer().baseURL, viewport: { width: options.width, height: 900 }, javaScriptEnabled: options.javaScriptEnabled ?? true, extraHTTPHeaders: { "x-forwarded-for": options.client } });
  try {
    await body(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const upload = async (page: Page, lines: string[]) => {
  await page.getByLabel("Contacts file").setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: csv(lines) });
  await page.getByRole("button", { name: "Queue the notices" }).click();
};
const noticesRow = (page: Page) => page.getByRole("row", { name: /Notices to affected tenants/ }).locator("td").allInnerTexts();

/** One of the incident's notices given up by the SMTP server, as the outbox's worker settles it. */
function failOne(address: string): Promise<number> {
  return withFileStore((store) =>
    store.write((tx) =>
      tx.exec(sql`UPDATE outbox_message SET state = 'dead', recipient = NULL, attempts = 1, last_error = '550 5.1.1 <' || ${jsonText(tx, sql`payload`, "to")} || '>: No such mailbox' WHERE recipient = ${address}`),
    ),
  );
}

describe("the editor's notices page", () => {
  it("queues the contacts' notices, shows the counts and why nothing is sent, and refuses a bad file whole", async () => {
    await withContext({ width: 1440, client: "10.21.0.1" }, async (page) => {
      const at = `/editor/incidents/${slug}/notices`;
      await signInAsNewEditor(page, at);
      await expect(page.getByRole("link", { name: "Notices", exact: true }).getAttribute("aria-current")).resolves.toBe("page");
      await upload(page, [`${account(1)},ada@example.com`, `${account(2)},bo@example.net`, `${account(9)},nine@example.org`, `${account(1)},ada.too@example.com`]);
      await page.getByText("Queued 2 notices; 0 already noticed, 1 not in the list. 1 skipped: line 5 named an account a line before did.").waitFor();
      await expect(noticesRow(page)).resolves.toEqual(["2", "0", "0"]);
      await page.getByText("Accounts noticed: 2.").waitFor();
      await page.getByRole("heading", { name: "Nothing is being sent" }).waitFor();
      await page.getByText("No SMTP server is configured: set SMTP_URL and MAIL_FROM, and the waiting mail goes out.").waitFor();
      await expectNoAxeViolations(page, `${at} after an upload`);

      await upload(page, [`${account(3)},cy@example.com`, `not-an-id,x@example.com`, `${account(2)},no address`]);
      await page.getByText(/^Nothing was queued: lines 3 and 4 of the contacts file cannot be read/).waitFor();
      await page.getByText("line 4: the email is not an email address").waitFor();
      await expect(noticesRow(page)).resolves.toEqual(["2", "0", "0"]);
      await expectNoAxeViolations(page, `${at} with a refused file`);

      await failOne("bo@example.net");
      await page.goto(at);
      await expect(noticesRow(page)).resolves.toEqual(["1", "0", "1"]);
      await page.getByText("b•••@example.net", { exact: true }).waitFor();
      await page.getByText("550 5.1.1 <b•••@example.net>: No such mailbox").waitFor();
      const html = await page.content();
      for (const address of ["ada@example.com", "bo@example.net"]) expect(html).not.toContain(address);
      expect(html).not.toContain(account(1));
      await expectNoAxeViolations(page, `${at} with a failed message`);
      await lookAt(page, "notices-editor-1440");
    });
  });

  it("works without JavaScript", async () => {
    await withContext({ width: 1440, javaScriptEnabled: false, client: "10.21.0.2" }, async (page) => {
      await signInAsNewEditor(page, `/editor/incidents/${slug}/notices`);
      await upload(page, [`${account(3)},cy@example.com`, `${account(1)},ada@example.com`]);
      await page.getByText("Queued 1 notice; 1 already noticed, 0 not in the list.").waitFor();
      await expect(noticesRow(page)).resolves.toEqual(["2", "0", "1"]);
    });
  });

  it("fits 390 px", async () => {
    await withContext({ width: 390, client: "10.21.0.3" }, async (page) => {
      const at = `/editor/incidents/${slug}/notices`;
      await signInAsNewEditor(page, at);
      await page.getByText("550 5.1.1 <b•••@example.net>: No such mailbox").waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `${at} at 390 px`);
      await lookAt(page, "notices-editor-390");
    });
  });
});

describe("send me my link", () => {
  it("answers a contact of an affected account and a stranger the same, with and without JavaScript", async () => {
    const answers: string[] = [];
    for (const [n, javaScriptEnabled, address] of [[3, true, "cy@example.com"], [4, true, "stranger@example.com"], [5, false, "cy@example.com"], [6, false, "stranger@example.com"]] as const) {
      await withContext({ width: 1440, javaScriptEnabled, client: `10.21.1.${n}` }, async (page) => {
        await page.goto(`/incidents/${slug}/lookup`);
        await page.getByLabel(/Your contact email address/).fill(address);
        await page.getByRole("button", { name: "Send me my link" }).click();
        const status = page.getByRole("status").filter({ hasText: "its link is on its way" });
        await status.waitFor();
        answers.push(await status.innerHTML());
        if (n !== 3) return;
        await expectNoAxeViolations(page, "the lookup page after send me my link");
        await lookAt(page, "lookup-send-link-1440");
      });
    }
    expect(new Set(answers).size).toBe(1);
  });
});
