import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi, testIncident, tokenAdd } from "./support/api";
import { postLookup } from "./support/lookup";
import { fileServer } from "./support/file-server";

const baseURL = fileServer().baseURL;
let writeToken: string;
let readToken: string;

const api = (method: string, path: string, options: { token?: string; body?: unknown } = {}) => callApi(method, path, options);

const incident = (slug: string) => testIncident(slug);

beforeAll(() => {
  writeToken = tokenAdd("write");
  readToken = tokenAdd("read");
});

describe("/api/v1 access", () => {
  it("answers 401 problem+json without a token or with a wrong one", async () => {
    for (const token of [undefined, "aft_" + "x".repeat(43), "not-a-token"]) {
      const { response, body } = await api("POST", "/incidents", { token, body: incident("nope") });
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(body.detail).toMatch(/Bearer/);
    }
  });

  it("lets a read token read but not write", async () => {
    expect((await api("GET", "/incidents", { token: readToken })).response.status).toBe(200);
    const { response, body } = await api("POST", "/incidents", { token: readToken, body: incident("read-only") });
    expect(response.status).toBe(403);
    expect(body.title).toBe("Forbidden");
  });

  it("publishes its OpenAPI 3.1 document", async () => {
    const response = await fetch(new URL("/api/v1/openapi.json", baseURL));
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    const paths = ["/api/v1/incidents", "/api/v1/incidents/{slug}", "/api/v1/incidents/{slug}/events", "/api/v1/incidents/{slug}/publish", "/api/incidents/{slug}/lookup"];
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(paths));
  });
});

describe("/api/v1 writes", () => {
  it("keeps a draft from readers, the lookup, the exports and the feed", async () => {
    const slug = `draft-${randomUUID().slice(0, 8)}`;
    expect((await api("POST", "/incidents", { token: writeToken, body: incident(slug) })).response.status).toBe(201);
    for (const path of [`/incidents/${slug}`, `/incidents/${slug}/incident.json`, `/incidents/${slug}/postmortem.md`, `/incidents/${slug}/export.html`]) {
      expect((await fetch(new URL(path, baseURL))).status, path).toBe(404);
    }
    expect((await postLookup(slug, { accountId: "a".repeat(32) })).response.status).toBe(404);
    expect(await (await fetch(new URL("/feed.xml", baseURL))).text()).not.toContain(slug);
  });

  it("refuses a stale edit with 409 and the current version, and audits every change exactly once", async () => {
    const slug = `audited-${randomUUID().slice(0, 8)}`;
    let version = ((await api("POST", "/incidents", { token: writeToken, body: incident(slug) })).body.version as number) ?? 0;
    const step = async (method: string, path: string, body: Record<string, unknown>) => {
      const { response, body: out } = await api(method, path, { token: writeToken, body: { version, ...body } });
      expect(response.status, JSON.stringify(out)).toBeLessThan(300);
      version = out.version as number;
      return out;
    };
    await step("POST", `/incidents/${slug}/sources`, { item: { number: 1, publisher: "Example", title: "Report", author: null, publishedOn: "2026-10-01", url: null, note: null } });
    const event = await step("POST", `/incidents/${slug}/events`, { item: { key: "start", at: "2026-09-01T10:00Z", precision: "minute", phase: "trigger", title: "Start", detail: null, cites: [1] } });
    await step("PUT", `/incidents/${slug}/events/${String(event.id)}`, { item: { key: "start", at: "2026-09-01T10:05Z", precision: "minute", phase: "trigger", title: "Start", detail: "Later", cites: [1] } });
    await step("PATCH", `/incidents/${slug}`, { title: "Renamed" });
    await step("POST", `/incidents/${slug}/publish`, {});

    const stale = await api("PATCH", `/incidents/${slug}`, { token: writeToken, body: { version: version - 1, title: "Lost update" } });
    expect(stale.response.status).toBe(409);
    expect(stale.body.currentVersion).toBe(version);

    const { body } = await api("GET", `/incidents/${slug}/history`, { token: readToken });
    const entries = body.entries as Array<{ action: string; entity: string; actor: string }>;
    expect(entries.map((e) => `${e.action} ${e.entity}`)).toEqual([
      "create incident",
      "create sources",
      "create events",
      "update events",
      "update incident",
      "publish incident",
    ]);
    expect(entries.every((e) => e.actor.startsWith("token:test-write-"))).toBe(true);
    const read = await api("GET", `/incidents/${slug}`, { token: readToken });
    expect(read.body).toMatchObject({ slug, published: true, version, incident: { title: "Renamed" } });

    const page = await (await fetch(new URL(`/incidents/${slug}`, baseURL))).text();
    expect(page).toMatch(/Last updated(?:<!-- -->)? <time [^>]*>\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/time>/);
    expect(page).toContain(`href="/incidents/${slug}/changes"`);
    const changes = await fetch(new URL(`/incidents/${slug}/changes`, baseURL));
    expect(changes.status).toBe(200);
    const summary = (await changes.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    let last = -1;
    for (const line of ["Record created", "Source added", "Event added", "Event changed", "Title changed", "Published"]) {
      const at = summary.indexOf(line, last + 1);
      expect(at, line).toBeGreaterThan(last);
      last = at;
    }
    // Readers see when and what kind of change, never who made it.
    expect(summary).not.toContain("token:");
  });

  it("shows a newly published incident to visitors at once, and hides it again when unpublished", async () => {
    const slug = `visible-${randomUUID().slice(0, 8)}`;
    let version = (await api("POST", "/incidents", { token: writeToken, body: incident(slug) })).body.version as number;
    version = (await api("POST", `/incidents/${slug}/publish`, { token: writeToken, body: { version } })).body.version as number;
    for (const path of [`/incidents/${slug}`, `/incidents/${slug}/incident.json`, `/incidents/${slug}/lookup`]) {
      const response = await fetch(new URL(path, baseURL));
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(`Test incident ${slug}`);
    }
    expect(await (await fetch(new URL("/feed.xml", baseURL))).text()).toContain(slug);
    await api("POST", `/incidents/${slug}/unpublish`, { token: writeToken, body: { version } });
    const gone = await fetch(new URL(`/incidents/${slug}`, baseURL), { headers: { accept: "text/html" } });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("There is no incident or page at this address.");
  });

  it("answers invalid input with 400 naming the fields", async () => {
    const { response, body } = await api("POST", "/incidents", { token: writeToken, body: { ...incident("Bad Slug"), status: "fine" } });
    expect(response.status).toBe(400);
    expect((body.errors as Array<{ field: string }>).map((e) => e.field)).toEqual(expect.arrayContaining(["slug", "status"]));
  });
});

describe("/api/v1 affected-list schema", () => {
  it("gives the JSON Schema of one row from the incident's shape, and says so when an incident has none", async () => {
    const { response, body } = await api("GET", "/incidents/glm-5-3-kv-cache-exposure/affected/schema", { token: readToken });
    expect([response.status, response.headers.get("content-type")]).toEqual([200, "application/json"]);
    expect(body).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", additionalProperties: false });
    expect(Object.keys(body.properties as object)).toEqual(["account_id", "request_id", "occurred_at", "prompt_tokens", "role"]);
    expect((body.properties as { role: { enum: string[] } }).role.enum).toEqual(["recipient", "exposed"]);

    const slug = `shapeless-${randomUUID().slice(0, 8)}`;
    expect((await api("POST", "/incidents", { token: writeToken, body: incident(slug) })).response.status).toBe(201);
    const none = await api("GET", `/incidents/${slug}/affected/schema`, { token: readToken });
    expect([none.response.status, none.response.headers.get("content-type")]).toEqual([404, "application/problem+json"]);
    expect(none.body.detail).toMatch(/no list shape/);
    expect((await api("GET", "/incidents/no-such-incident/affected/schema", { token: readToken })).response.status).toBe(404);
    expect((await api("GET", "/incidents/glm-5-3-kv-cache-exposure/affected/schema")).response.status).toBe(401);
  });
});
