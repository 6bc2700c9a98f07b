import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { AffectedShape } from "@/domain/record/affected-shape";
import type { IncidentRecord } from "@/domain/record/record";
import { callApi, postRecord, putShape, tokenAdd } from "./support/api";
import { runScript } from "./support/export-run";
import { visibleText } from "./support/html";
import { linksFor, postLookup, sessionCookieOf } from "./support/lookup";
import { fileServer } from "./support/file-server";

// A list of another shape than GLM-5.3's: subscribers known by their email address, no request
// ids, no measures, three kinds of data, a day each. Imported through the API, read on the page,
// in every export and in the lookup by link; a bad row and a shape change its rows would not fit refused.
const slug = `subscribers-${randomBytes(4).toString("hex")}`;
const SHAPE: AffectedShape = {
  unit: { one: "subscriber", many: "subscribers" },
  account: { name: "the email address of your subscription", form: { kind: "email" }, example: "you@example.com", caseSensitive: false },
  requestIds: null,
  roles: [
    { key: "shown", label: "your details may have been shown to another subscriber", meaning: "Another subscriber's page may have shown these details of yours." },
    { key: "saw", label: "you may have seen another subscriber's details", meaning: "Your page may have shown another subscriber's details." },
  ],
  measures: [],
  dataClasses: [
    { key: "name", label: "your name", meaning: "First and last name." },
    { key: "payment-address", label: "your payment address", meaning: "The billing address." },
    { key: "card-last-four", label: "the last four digits of your card", meaning: "Only the last four digits." },
  ],
  time: "day",
  contact: { text: "Write to Example Mail's privacy team", href: "https://mail.example.com/privacy" },
};
const RECORD: IncidentRecord = {
  updates: [],
  affectedShape: SHAPE,
  incident: {
    slug,
    title: "Subscription page showed other subscribers' details",
    summary: "A cache served one subscriber's account page to another.",
    provider: "Example Mail",
    service: "Subscriptions",
    model: null,
    kind: "Cross-customer data exposure",
    status: "resolved",
    severity: null,
    impact: "Some subscribers may have seen another's name, address and card's last four digits.",
    cause: "A cache key that left out the account.",
    isAttack: false,
    attackNote: null,
    contextTitle: null,
    cites: [1],
  },
  sources: [{ number: 1, publisher: "Example Mail", title: "Subscription page incident", author: null, publishedOn: "2026-10-02", url: null, note: null }],
  events: [{ key: "cache-change", at: "2026-10-01T08:00Z", precision: "minute", phase: "trigger", title: "Cache change deployed", detail: null, cites: [1] }],
  figures: [],
  durations: [],
  findings: [],
  reactions: [],
  recommendations: [],
  context: [],
};

const baseURL = fileServer().baseURL;
const mine = `Owner.${randomBytes(3).toString("hex")}@Example.com`;
const CSV = [
  "account_id,occurred_at,role,data_classes",
  `${mine},2026-10-01,shown,name;payment-address;card-last-four`,
  `${mine.toLowerCase()},2026-10-01,saw,name`,
  "other@example.com,2026-10-02,shown,name",
];
let token: string;
let version: number;
const get = async (path: string) => (await fetch(new URL(path, baseURL))).text();

beforeAll(async () => {
  token = tokenAdd("write");
  version = await postRecord(token, slug, RECORD);
  const published = await callApi("POST", `/incidents/${slug}/publish`, { token, body: { version } });
  expect(published.response.status).toBe(200);
  version = published.body.version as number;
});

describe("an affected list of subscribers, known by email, with data classes and no request ids", () => {
  it("takes the CSV its shape describes, and refuses a row naming a kind of data the shape lacks, with its line, importing nothing", async () => {
    const schema = await callApi("GET", `/incidents/${slug}/affected/schema`, { token });
    expect(Object.keys(schema.body.properties as object)).toEqual(["account_id", "occurred_at", "role", "data_classes"]);
    const bad = ["account_id,occurred_at,role,data_classes", "a@example.com,2026-10-01,shown,name", "b@example.com,2026-10-01,shown,name;password"].join("\n");
    const refused = await callApi("POST", `/incidents/${slug}/affected?version=${version}`, { token, body: bad, contentType: "text/csv" });
    expect(refused.response.status).toBe(400);
    expect(String(refused.body.detail)).toMatch(/line 3, field data_classes.*names only name, payment-address, card-last-four/);
    const csv = CSV.join("\n");
    const taken = await callApi("POST", `/incidents/${slug}/affected?version=${version}`, { token, body: csv, contentType: "text/csv" });
    expect(taken.response.status, JSON.stringify(taken.body)).toBe(201);
    version = taken.body.version as number;
  });

  it("takes the same list through the command line, refusing a row of another shape by its line and the shape's words", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-other-shape-"));
    try {
      const file = path.join(dir, "subscribers.csv");
      fs.writeFileSync(file, ["account_id,occurred_at,role,data_classes", "a@example.com,2026-10-01,shown,name", "not an email,2026-10-01,shown,name"].join("\n"));
      expect(() => runScript("import-affected", ["--incident", slug, "--file", file, "--replace"], fileServer().databasePath, inject("lookupSecret"))).toThrow(/line 3.*the email address of your subscription/s);
      fs.writeFileSync(file, [...CSV, ""].join("\n"));
      expect(runScript("import-affected", ["--incident", slug, "--file", file, "--replace"], fileServer().databasePath, inject("lookupSecret"))).toContain("removed first (--replace): 3");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps its version for the edits that follow", async () => {
    version = (await callApi("GET", `/incidents/${slug}`, { token })).body.version as number;
    expect(version).toBeGreaterThan(0);
  });

  it("shows the list in its own words on the page and in every export, with its counts per kind of data", async () => {
    const page = visibleText(await get(`/incidents/${slug}`));
    expect(page).toContain("3 recorded affected subscribers: your details may have been shown to another subscriber, 2; you may have seen another subscriber's details, 1.");
    expect(page).toMatch(/Your payment address\s*1/);
    expect(page).not.toMatch(/responses|prompt/i);
    const markdown = await get(`/incidents/${slug}/postmortem.md`);
    expect(markdown).toContain("## Affected subscribers");
    expect(markdown).toContain("| Your name | 3 |");
    expect(visibleText(await get(`/incidents/${slug}/export.html`))).toContain("3 recorded affected subscribers");
    const json = JSON.parse(await get(`/incidents/${slug}/incident.json`)) as { schemaVersion: number; affected: unknown };
    expect(json.schemaVersion).toBe(3);
    expect(json.affected).toMatchObject({ total: 3, byRole: { shown: 2, saw: 1 }, byClass: { name: 3, "payment-address": 1, "card-last-four": 1 }, measures: [] });
    expect(JSON.stringify(json)).not.toContain(mine.toLowerCase());
    expect(await get("/feed.xml")).toContain("Affected subscribers on record: 3.");
  });

  it("tells the owner, by link, which of their data each row names and when; an id of another form is refused in the shape's words", async () => {
    const [link] = await linksFor(slug, [mine]);
    const { response, body } = await postLookup(slug, { link });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ affected: true, affectedRows: 2, byRole: { shown: 1, saw: 1 } });
    expect(body.rows).toEqual([
      { requestId: null, occurredAt: "2026-10-01", measures: {}, role: "saw", dataClasses: ["name"] },
      { requestId: null, occurredAt: "2026-10-01", measures: {}, role: "shown", dataClasses: ["name", "payment-address", "card-last-four"] },
    ]);
    const wrong = await postLookup(slug, { accountId: "not-an-email" });
    expect(wrong.response.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toMatch(/the email address of your subscription is an email address/i);
  });

  it("lets the owner download exactly their own rows, in the list's columns, by their lookup session only", async () => {
    const [link] = await linksFor(slug, [mine]);
    if (!link) throw new Error("no link");
    const cookie = await sessionCookieOf(link);
    const rows = (format: string, withCookie: boolean) => fetch(new URL(`/incidents/${slug}/lookup/rows?format=${format}`, baseURL), { headers: withCookie ? { cookie } : {} });
    const csv = await rows("csv", true);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="${slug}-my-affected-rows.csv"`);
    expect(csv.headers.get("cache-control")).toBe("no-store");
    expect(await csv.text()).toBe("occurred_at,role,data_classes\r\n2026-10-01,saw,name\r\n2026-10-01,shown,name;payment-address;card-last-four\r\n");
    const json = (await (await rows("json", true)).json()) as { rows: unknown[] };
    expect(json.rows).toHaveLength(2);
    const stranger = await rows("csv", false);
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect((await rows("xlsx", true)).status).toBe(400);
    // The answer says whom to contact, as the shape gives it.
    const answer = await (await fetch(new URL(`/incidents/${slug}/lookup`, baseURL), { headers: { cookie } })).text();
    expect(answer).toMatch(/Whom to contact:(?:<!-- -->)? <a class="underline" href="https:\/\/mail\.example\.com\/privacy">Write to Example Mail&#x27;s privacy team<\/a>/);
  });

  it("refuses a shape change its rows would not fit, changing nothing, and takes one of words only", async () => {
    const refused = await callApi("PUT", `/incidents/${slug}/affected/schema`, { token, body: { version, shape: { ...SHAPE, time: "instant" } } });
    expect(refused.response.status).toBe(409);
    expect(String(refused.body.detail)).toContain("holds 3 rows");
    expect(String(refused.body.detail)).toContain("all 3 rows were stored with a day each");
    const unclassed = await callApi("PUT", `/incidents/${slug}/affected/schema`, { token, body: { version, shape: { ...SHAPE, dataClasses: SHAPE.dataClasses.slice(0, 2) } } });
    expect([unclassed.response.status, String(unclassed.body.detail)]).toEqual([409, expect.stringContaining('1 row has the data class "card-last-four"')]);
    const worded = await putShape(token, slug, version, { ...SHAPE, unit: { one: "member", many: "members" } });
    expect(worded).toBe(version + 1);
    expect(visibleText(await get(`/incidents/${slug}`))).toContain("3 recorded affected members");
    // Every row fits the data classes in another order: applied to all of them, each row keeps its own.
    await putShape(token, slug, worded, { ...SHAPE, unit: { one: "member", many: "members" }, dataClasses: [...SHAPE.dataClasses].reverse() });
    const [link] = await linksFor(slug, [mine]);
    const { body } = await postLookup(slug, { link });
    expect((body.rows as Array<{ dataClasses: string[] }>).map((r) => [...r.dataClasses].sort())).toEqual([["name"], ["card-last-four", "name", "payment-address"]]);
  });
});
