import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, testIncident, tokenAdd } from "./support/api";
import { launchBrowser } from "./support/browser";
import { signInAsNewEditor } from "./support/editor";
import { elementsWith } from "./support/html";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";

const baseURL = fileServer().baseURL;
let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = tokenAdd("write");
});
afterAll(async () => {
  await browser?.close();
});

async function newDraft(): Promise<string> {
  const slug = `cross-site-${randomUUID().slice(0, 8)}`;
  expect((await callApi("POST", "/incidents", { token, body: testIncident(slug) })).response.status).toBe(201);
  return slug;
}

const isPublished = async (slug: string) => (await callApi("GET", `/incidents/${slug}`, { token })).body.published;

/** A signed-in editor's browser context, and its cookies as one header. */
async function signedIn(slug: string): Promise<{ context: BrowserContext; cookie: string }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
  await signInAsNewEditor(await context.newPage(), `/editor/incidents/${slug}`);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  return { context, cookie };
}

/** The hidden fields of the publish page's form, exactly as a browser without JavaScript would send them. */
async function publishForm(slug: string, cookie: string): Promise<Array<[string, string]>> {
  const html = await (await fetch(new URL(`/editor/incidents/${slug}/publish`, baseURL), { headers: { cookie } })).text();
  const forms = html.split("<form").slice(1).map((f) => f.slice(0, f.indexOf("</form>")));
  const form = forms.find((f) => />Publish( anyway)?<\/button>/.test(f));
  if (!form) throw new Error("no Publish form on the publish page");
  return elementsWith(form, "type", "hidden").map((i) => [i.attributes.get("name") ?? "", i.attributes.get("value") ?? ""]);
}

function post(slug: string, fields: Array<[string, string]>, headers: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return fetch(new URL(`/editor/incidents/${slug}`, baseURL), { method: "POST", body, headers, redirect: "manual" });
}

describe("a cross-site form post", () => {
  it("is refused with 403 and a reason even with the editor's cookie, and the same post from this site goes through", async () => {
    const slug = await newDraft();
    const { context, cookie } = await signedIn(slug);
    const fields = await publishForm(slug, cookie);

    const attempts: Array<Record<string, string>> = [{ origin: "https://evil.example" }, { origin: "null" }, { origin: baseURL, "sec-fetch-site": "cross-site" }, { origin: baseURL, "sec-fetch-site": "same-site" }];
    for (const headers of attempts) {
      const response = await post(slug, fields, { cookie, ...headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const problem = (await response.json()) as { title: string; detail: string };
      expect(problem.title).toBe("Cross-site request refused");
      expect(problem.detail).toMatch(/another site|not from a page of/);
      expect(await isPublished(slug)).toBe(false);
    }

    const same = await post(slug, fields, { cookie, origin: baseURL, "sec-fetch-site": "same-origin" });
    expect(same.status).toBe(200);
    expect(await isPublished(slug)).toBe(true);
    await context.close();
  });

  it("from another site's page in Chromium changes nothing", async () => {
    const slug = await newDraft();
    const { context, cookie } = await signedIn(slug);
    const fields = await publishForm(slug, cookie);
    const inputs = fields.map(([n, v]) => `<input type="hidden" name="${n.replace(/"/g, "&quot;")}" value="${v.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">`).join("");
    await context.route("https://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Win a prize</title><form method="post" enctype="multipart/form-data" action="${baseURL}/editor/incidents/${slug}">${inputs}</form><script>document.forms[0].submit()</script>`,
      }),
    );
    const page = await context.newPage();
    const landed = page.waitForResponse((r) => r.url().startsWith(`${baseURL}/editor/incidents/${slug}`) && r.request().method() === "POST");
    await page.goto("https://evil.example/prize");
    expect((await landed).status()).toBe(403);
    expect(await isPublished(slug)).toBe(false);
    await context.close();
  });
});

describe("an editor's write without a session", () => {
  it("is sent to sign in, for the page and for its form's post, and changes nothing", async () => {
    const slug = await newDraft();
    const { context, cookie } = await signedIn(slug);
    const fields = await publishForm(slug, cookie);
    await context.close();

    const page = await fetch(new URL(`/editor/incidents/${slug}`, baseURL), { redirect: "manual" });
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toBe(`/signin?next=${encodeURIComponent(`/editor/incidents/${slug}`)}`);

    const attempts: Array<Record<string, string>> = [{ origin: baseURL }, { origin: baseURL, cookie: "aftermath_session=forged" }];
    for (const headers of attempts) {
      const response = await post(slug, fields, headers);
      expect(response.status, JSON.stringify(headers)).toBe(303);
      expect(new URL(response.headers.get("location") ?? "", baseURL).pathname).toBe("/signin");
      expect(await isPublished(slug)).toBe(false);
    }
  });
});
