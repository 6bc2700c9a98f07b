import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { micromark } from "micromark";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi, testIncident, tokenAdd } from "./support/api";
import { newEditor } from "./support/editor";
import { submitForm } from "./support/forms";
import { elementWith, elementsWith } from "./support/html";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";

// A source's address is a link in every export. The API and the editor take one only as a valid
// absolute http(s) URL as written and say what to write instead; an address a database already
// holds raw (written before that check) leaves in every export percent-encoded.

const baseURL = fileServer().baseURL;
const RAW = "https://example.com/<img src=x onerror=alert(1)>";
const ENCODED = "https://example.com/%3Cimg%20src=x%20onerror=alert(1)%3E";
const source = (url: string | null) => ({ number: 1, publisher: "Example", title: "Report", author: null, publishedOn: "2026-10-01", url, note: null });

let token = "";
beforeAll(() => {
  token = tokenAdd("write");
});

async function draft(): Promise<{ slug: string; version: number }> {
  const slug = `source-url-${randomUUID().slice(0, 8)}`;
  const { body } = await callApi("POST", "/incidents", { token, body: testIncident(slug) });
  return { slug, version: body.version as number };
}

describe("a source's address", () => {
  it("the API refuses one that is not a URL as written with a 400 naming the field and what to write, and keeps nothing", async () => {
    const { slug, version } = await draft();
    for (const [url, instead] of [
      [RAW, ENCODED],
      ['https://example.com/a b"c', "https://example.com/a%20b%22c"],
      ["ftp://example.com/x", "https://"],
    ] as const) {
      const { response, body } = await callApi("POST", `/incidents/${slug}/sources`, { token, body: { version, item: source(url) } });
      expect(response.status, url).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const errors = body.errors as Array<{ field: string; message: string }>;
      expect(errors.map((e) => e.field), url).toEqual(["item.url"]);
      expect(errors[0]?.message, url).toContain(instead);
    }
    const { body } = await callApi("GET", `/incidents/${slug}`, { token });
    expect([body.version, (body.items as { sources: unknown[] }).sources]).toEqual([version, []]);
    expect((await callApi("POST", `/incidents/${slug}/sources`, { token, body: { version, item: source(ENCODED) } })).response.status).toBe(201);
    const after = await callApi("GET", `/incidents/${slug}`, { token });
    expect((after.body.items as { sources: Array<{ url: string }> }).sources.map((s) => s.url)).toEqual([ENCODED]);
  });

  it("the editor's form refuses it too, the message beside the field, and keeps nothing", async () => {
    const { slug } = await draft();
    const { email, password } = newEditor();
    const client = newClient();
    const signedIn = await submitForm("/signin?next=/editor", { email, password }, { client });
    const cookie = signedIn.setCookies.map((c) => c.split(";")[0]).join("; ");
    const page = await (await fetch(new URL(`/editor/incidents/${slug}/sources`, baseURL), { headers: { cookie, "x-forwarded-for": client } })).text();
    const form = elementWith(page, "aria-label", "Add a source") ?? "";
    const body = new FormData();
    for (const c of elementsWith(form, "name")) body.append(c.attributes.get("name") ?? "", c.attributes.get("value") ?? "");
    for (const [name, value] of Object.entries({ number: "1", publisher: "Example", title: "Report", publishedOn: "2026-10-01", url: RAW })) body.set(name, value);
    const posted = await fetch(new URL(`/editor/incidents/${slug}/sources`, baseURL), { method: "POST", body, headers: { cookie, origin: baseURL, "x-forwarded-for": client }, redirect: "manual" });
    const html = await posted.text();
    expect(posted.status).toBe(200);
    expect(html).toContain(ENCODED);
    // Said on the page, not only held in the catalogue the page's forms carry.
    expect(html).not.toContain(">Source added.<");
    const { body: record } = await callApi("GET", `/incidents/${slug}`, { token });
    expect((record.items as { sources: unknown[] }).sources).toEqual([]);
  });

  it("held raw by an older database, leaves every export and the page percent-encoded, and no renderer makes HTML of it", async () => {
    const { slug, version } = await draft();
    const added = await callApi("POST", `/incidents/${slug}/sources`, { token, body: { version, item: source(ENCODED) } });
    await callApi("POST", `/incidents/${slug}/publish`, { token, body: { version: added.body.version } });
    const db = new Database(fileServer().databasePath);
    try {
      db.prepare("UPDATE source SET url = ? WHERE url = ?").run(RAW, ENCODED);
    } finally {
      db.close();
    }
    for (const file of ["postmortem.md", "incident.json", "export.html", ""]) {
      const text = await (await fetch(new URL(`/incidents/${slug}${file ? `/${file}` : ""}`, baseURL))).text();
      expect(text, file).toContain(ENCODED);
      expect(text, file).not.toContain("<img src=x");
      expect(text, file).not.toContain("&lt;img src=x");
    }
    const markdown = await (await fetch(new URL(`/incidents/${slug}/postmortem.md`, baseURL))).text();
    expect(micromark(markdown, { allowDangerousHtml: true })).not.toMatch(/<img/i);
  });
});
