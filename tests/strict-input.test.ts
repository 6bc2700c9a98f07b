import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi, testIncident, tokenAdd, putShape } from "./support/api";
import { lookupURL, newClient, postLookup } from "./support/lookup";

// Strict input over HTTP against the production server: every refusal a 400 problem+json naming the
// field, and nothing written (the version and the audit trail stay where they were).

let token: string;
const api = (method: string, path: string, body?: unknown, contentType?: string) => callApi(method, path, { token, body, contentType });

beforeAll(() => {
  token = tokenAdd("write");
});

async function newIncident(): Promise<{ slug: string; version: number }> {
  const slug = `strict-${randomBytes(4).toString("hex")}`;
  const created = await api("POST", "/incidents", testIncident(slug));
  expect(created.response.status, JSON.stringify(created.body)).toBe(201);
  return { slug, version: await putShape(token, slug, created.body.version as number) };
}

/** What a refused request must leave as it was. */
async function written(slug: string): Promise<{ version: unknown; audit: number }> {
  const incident = await api("GET", `/incidents/${slug}`);
  const history = await api("GET", `/incidents/${slug}/history`);
  return { version: incident.body.version, audit: (history.body.entries as unknown[]).length };
}

type Result = { response: Response; body: Record<string, unknown> };

function expectRefused({ response, body }: Result, field: string): void {
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const errors = body.errors as Array<{ field: string; message: string }>;
  expect(errors.map((e) => e.field), JSON.stringify(body)).toContain(field);
  for (const e of errors) expect(e.message.length).toBeGreaterThan(3);
  // The detail names the field as a person reads it: an unknown key by its own name.
  expect(body.detail).toContain(field.split(".").at(-1));
}

const source = { number: 1, publisher: "Example", title: "Report", author: null, publishedOn: "2026-10-01", url: null, note: null };

describe("__proto__ in a JSON body", () => {
  it("is refused at the top level, naming it, and changes nothing", async () => {
    const { slug, version } = await newIncident();
    const before = await written(slug);
    // Sent as text: an object literal's __proto__ would set its prototype, not a key.
    const result = await api("PATCH", `/incidents/${slug}`, `{"__proto__": {"title": "Polluted"}, "version": ${version}}`);
    expectRefused(result, "__proto__");
    expect(await written(slug)).toEqual(before);
  });

  it("is refused nested in an item or an array, and on create", async () => {
    const { slug, version } = await newIncident();
    const before = await written(slug);
    const item = JSON.stringify(source).replace(/^\{/, '{"__proto__": {"isAdmin": true}, ');
    expectRefused(await api("POST", `/incidents/${slug}/sources`, `{"version": ${version}, "item": ${item}}`), "item.__proto__");
    expectRefused(await api("PATCH", `/incidents/${slug}`, `{"version": ${version}, "cites": [1, {"__proto__": null}]}`), "cites.1.__proto__");
    expect(await written(slug)).toEqual(before);

    const other = `strict-${randomBytes(4).toString("hex")}`;
    const body = JSON.stringify(testIncident(other)).replace(/\}$/, ', "__proto__": {"published": true}}');
    expectRefused(await api("POST", "/incidents", body), "__proto__");
    expect((await api("GET", `/incidents/${other}`)).response.status).toBe(404);
  });

  it("is refused by the lookup too", async () => {
    const result = await postLookup("any-incident", `{"accountId": "${"a".repeat(32)}", "__proto__": {}}`);
    expectRefused(result, "__proto__");
  });
});

describe("unknown keys", () => {
  it("are refused by publish and unpublish, naming them, and change nothing", async () => {
    const { slug, version } = await newIncident();
    const before = await written(slug);
    expectRefused(await api("POST", `/incidents/${slug}/publish`, { version, force: true }), "force");
    expect(await written(slug)).toEqual(before);
    const published = await api("POST", `/incidents/${slug}/publish`, { version });
    expect(published.response.status).toBe(200);
    const after = await written(slug);
    expectRefused(await api("POST", `/incidents/${slug}/unpublish`, { version: published.body.version, reason: "x" }), "reason");
    expect(await written(slug)).toEqual(after);
  });

  it("are refused beside an item, on delete and in an incident's changes", async () => {
    const { slug, version } = await newIncident();
    const added = await api("POST", `/incidents/${slug}/sources`, { version, item: source });
    expect(added.response.status).toBe(201);
    const current = added.body.version as number;
    const before = await written(slug);
    expectRefused(await api("POST", `/incidents/${slug}/sources`, { version: current, item: source, items: [] }), "items");
    expectRefused(await api("PUT", `/incidents/${slug}/sources/${String(added.body.id)}`, { version: current, item: { ...source, extra: 1 } }), "item.extra");
    expectRefused(await api("DELETE", `/incidents/${slug}/sources/${String(added.body.id)}`, { version: current, cascade: true }), "cascade");
    expectRefused(await api("PATCH", `/incidents/${slug}`, { version: current, published: true }), "published");
    expect(await written(slug)).toEqual(before);
  });
});

describe("ids and versions", () => {
  it("take only canonical decimal in the path, naming the field", async () => {
    const { slug, version } = await newIncident();
    const added = await api("POST", `/incidents/${slug}/sources`, { version, item: source });
    const current = added.body.version as number;
    const before = await written(slug);
    for (const id of ["0x10", "1e3", "010", "+1", "%201", "1.0", "0", "-1", "9007199254740993"]) {
      expectRefused(await api("PUT", `/incidents/${slug}/sources/${id}`, { version: current, item: source }), "id");
      expectRefused(await api("DELETE", `/incidents/${slug}/sources/${id}`, { version: current }), "id");
    }
    expect(await written(slug)).toEqual(before);
  });

  it("take only canonical decimal in ?version=, naming it", async () => {
    const { slug, version } = await newIncident();
    const before = await written(slug);
    const row = `${"b".repeat(32)},req-1,2026-09-01T12:00:00Z,10,recipient`;
    const csv = `account_id,request_id,occurred_at,prompt_tokens,role\n${row}\n`;
    for (const v of ["0x1", "1e0", `0${version}`, `+${version}`, `${version}.0`, "%20" + String(version), "0", ""]) {
      expectRefused(await api("POST", `/incidents/${slug}/affected?version=${v}`, csv, "text/csv"), "version");
    }
    expectRefused(await api("POST", `/incidents/${slug}/affected?version=${version}&version=${version}`, csv, "text/csv"), "version");
    expectRefused(await api("POST", `/incidents/${slug}/affected?version=${version}&replace=yes`, csv, "text/csv"), "replace");
    expect(await written(slug)).toEqual(before);
  });

  it("name a malformed slug or an unknown collection", async () => {
    expectRefused(await api("GET", "/incidents/Not_A_Slug"), "slug");
    const { slug, version } = await newIncident();
    expectRefused(await api("POST", `/incidents/${slug}/gossip`, { version, item: {} }), "collection");
  });
});

describe("an empty affected list", () => {
  it("is refused (400) in every form, and nothing is written", async () => {
    const { slug, version } = await newIncident();
    const before = await written(slug);
    const empties: Array<[string, string]> = [
      ["application/json", ""],
      ["text/csv", ""],
      ["application/json", "[]"],
      ["application/json", " [ \n ] "],
      ["application/json", " \n\t "],
      ["text/csv", "\n\n"],
      ["text/csv", "account_id,request_id,occurred_at,prompt_tokens,role\n"],
    ];
    for (const [type, body] of empties) {
      const result = await api("POST", `/incidents/${slug}/affected?version=${version}`, body, type);
      expect(result.response.status, `${type} ${JSON.stringify(body)}: ${JSON.stringify(result.body)}`).toBe(400);
      expect(result.response.headers.get("content-type")).toBe("application/problem+json");
      expect(result.body.detail).toMatch(/no rows.*nothing was imported/i);
      expect(result.body.errors).toEqual([expect.objectContaining({ field: "body" })]);
    }
    expect(await written(slug)).toEqual(before);
  });
});

describe("unknown query parameters", () => {
  it("are refused by every route, naming them, and change nothing", async () => {
    const { slug, version } = await newIncident();
    const before = await written(slug);
    expectRefused(await api("GET", "/incidents?limit=5"), "limit");
    expectRefused(await api("GET", `/incidents/${slug}?expand=all`), "expand");
    expectRefused(await api("PATCH", `/incidents/${slug}?force=1`, { version, title: "Renamed" }), "force");
    expectRefused(await api("POST", `/incidents/${slug}/publish?now=1`, { version }), "now");
    expectRefused(await api("GET", `/incidents/${slug}/history?page=2`), "page");
    const csv = `account_id,request_id,occurred_at,prompt_tokens,role\n${"c".repeat(32)},req-1,2026-09-01T12:00:00Z,10,recipient\n`;
    expectRefused(await api("POST", `/incidents/${slug}/affected?version=${version}&dryRun=1`, csv, "text/csv"), "dryRun");
    expect(await written(slug)).toEqual(before);
  });

  it("are refused by the lookup", async () => {
    const url = lookupURL("any-incident");
    url.searchParams.set("debug", "1");
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": newClient() },
      body: JSON.stringify({ accountId: "a".repeat(32) }),
    });
    expectRefused({ response, body: (await response.json()) as Record<string, unknown> }, "debug");
  });
});
