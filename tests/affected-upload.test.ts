import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, testIncident, tokenAdd, putShape } from "./support/api";
import { launchBrowser } from "./support/browser";
import { newEditor } from "./support/editor";
import { newClient, postLookup } from "./support/lookup";
import { fileServer } from "./support/file-server";

const baseURL = fileServer().baseURL;
const HEADER = "account_id,request_id,occurred_at,prompt_tokens,role";
let writeToken: string;

const api = (method: string, path: string, { body, contentType }: { body?: string; contentType?: string } = {}) =>
  callApi(method, path, { token: writeToken, body, contentType });

/** A published incident of its own, so the seeded one's figures stay as other tests expect them. */
async function newIncident(publish: boolean): Promise<{ slug: string; version: number }> {
  const slug = `upload-${randomBytes(4).toString("hex")}`;
  const created = await api("POST", "/incidents", {
    contentType: "application/json",
    body: JSON.stringify(testIncident(slug, `Upload test ${slug}`)),
  });
  expect(created.response.status).toBe(201);
  let version = await putShape(writeToken, slug, created.body.version as number);
  if (publish) {
    const published = await api("POST", `/incidents/${slug}/publish`, { contentType: "application/json", body: JSON.stringify({ version }) });
    expect(published.response.status).toBe(200);
    version = published.body.version as number;
  }
  return { slug, version };
}

const account = () => randomBytes(16).toString("hex");
const csv = (rows: string[]) => [HEADER, ...rows].join("\n") + "\n";

beforeAll(() => {
  writeToken = tokenAdd("write");
});

describe("POST /api/v1/incidents/{slug}/affected", () => {
  it("imports a CSV list (201) that the lookup then finds", async () => {
    const { slug, version } = await newIncident(true);
    const mine = account();
    const { response, body } = await api("POST", `/incidents/${slug}/affected?version=${version}`, {
      contentType: "text/csv",
      body: csv([`${mine},req-a1,2026-09-01T12:00:00Z,120,recipient`, `${mine},req-a2,2026-09-01T12:05:00Z,80,recipient`, `${account()},req-b1,2026-09-01T12:06:00Z,5,recipient`]),
    });
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ incident: slug, version: version + 1, rowsRead: 3, added: 3, alreadyPresent: 0, format: "csv" });
    expect(JSON.stringify(body)).not.toContain(mine);

    const lookup = await postLookup(slug, { accountId: mine, requestIds: ["req-a1", "req-zz"] });
    expect(lookup.response.status).toBe(200);
    expect(lookup.body).toMatchObject({
      covers: "request-ids",
      checkedRequestIds: [
        { requestId: "req-a1", affected: true },
        { requestId: "req-zz", affected: false },
      ],
    });

    const history = await api("GET", `/incidents/${slug}/history`);
    expect(JSON.stringify(history.body)).not.toContain(mine);
  });

  it("refuses a list with a bad row (400 naming the line) and adds nothing", async () => {
    const { slug, version } = await newIncident(true);
    const mine = account();
    const { response, body } = await api("POST", `/incidents/${slug}/affected?version=${version}`, {
      contentType: "text/csv",
      body: csv([`${mine},req-1,2026-09-01T12:00:00Z,10,recipient`, `${mine},req-2,2026-09-01T12:00:00Z,0,recipient`]),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(body.detail).toMatch(/line 3, field prompt_tokens/);
    expect(body.detail).not.toContain(mine);
    // Still no list, so the lookup says it cannot answer rather than "not affected".
    const lookup = await postLookup(slug, { accountId: mine });
    expect(lookup.response.status).toBe(409);
    expect(lookup.body.detail).toMatch(/No affected list has been published/);
    // The version did not move: the same version is still the current one. A list with no rows is refused too.
    const again = await api("POST", `/incidents/${slug}/affected?version=${version}`, { contentType: "application/json", body: "[]" });
    expect(again.response.status).toBe(400);
    expect(again.body.detail).toMatch(/no rows/);
  });

  it("answers 415 for text/plain, 409 for a stale version and 401 without a token", async () => {
    const { slug, version } = await newIncident(false);
    const plain = await api("POST", `/incidents/${slug}/affected?version=${version}`, { contentType: "text/plain", body: csv([]) });
    expect(plain.response.status).toBe(415);
    expect(plain.response.headers.get("content-type")).toBe("application/problem+json");
    const stale = await api("POST", `/incidents/${slug}/affected?version=${version + 3}`, {
      contentType: "text/csv",
      body: csv([`${account()},req-1,2026-09-01T12:00:00Z,10,recipient`]),
    });
    expect(stale.response.status).toBe(409);
    expect(stale.body.currentVersion).toBe(version);
    const anonymous = await fetch(new URL(`/api/v1/incidents/${slug}/affected?version=${version}`, baseURL), {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: csv([]),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("the editor's affected-list form", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("uploads a small CSV and shows what was imported", async () => {
    const { slug } = await newIncident(false);
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
    const page = await context.newPage();
    const next = `/editor/incidents/${slug}/affected`;
    const { email, password } = newEditor();
    await page.goto(next);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`**${next}`);

    const form = page.getByRole("form", { name: "Affected list" });
    const mine = account();
    await form.getByLabel("Affected list file").setInputFiles({
      name: "affected.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv([`${mine},req-1,2026-09-01T12:00:00Z,10,recipient`, `${mine},req-2,2026-09-01T12:01:00Z,11,recipient`])),
    });
    await form.getByRole("button", { name: "Upload list" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe("Imported: 2 rows read, 2 added, 0 already present.");

    await form.getByLabel("Affected list file").setInputFiles({
      name: "affected.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv([`${mine},req-3,2026-09-01T12:00:00Z,0,recipient`])),
    });
    await form.getByRole("button", { name: "Upload list" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toMatch(/^Nothing was imported: line 2, field prompt_tokens/);
    await context.close();
  });
});
