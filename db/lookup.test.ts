import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantKey } from "@/lib/tenant-key";
import { type Db, openDatabase } from "./client";
import { readEnv } from "./env";
import { LOOKUP_ROWS_SQL, REQUEST_ROWS_SQL, type PublishedList, lookupAffected, lookupIncident } from "./lookup";
import { prepareDatabase } from "./prepare";
import { importAffectedList } from "./write/affected";
import { createIncident, setPublished } from "./write/incident";
import { importRecord } from "./write/record";

const SECRET = "l".repeat(40);
const SLUG = "glm-5-3-kv-cache-exposure";
const system = { kind: "system", name: "test" } as const;
let dir: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-lookup-"));
  const file = path.join(dir, "a.db");
  await prepareDatabase({ env: readEnv({ DATABASE_PATH: file, LOOKUP_SECRET: SECRET }) });
  db = openDatabase(file);
  // Enough rows over enough accounts that reading the whole list would be the wrong plan.
  const values = Array.from({ length: 5_000 }, (_, i) => ({
    account_id: (i % 500).toString(16).padStart(32, "0"),
    request_id: `r-${i}`,
    occurred_at: new Date(Date.parse("2026-08-27T00:00:00Z") + i * 60_000).toISOString(),
    prompt_tokens: 700_000 + i,
    role: "recipient" as const,
  }));
  await importAffectedList({ db, actor: system, slug: SLUG, version: null, rows: { values }, replace: true, secret: SECRET });
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the lookup query", () => {
  it("searches by the account's key through an index, on a database SQLite has no statistics for", () => {
    const plan = db.$client.prepare(`EXPLAIN QUERY PLAN ${LOOKUP_ROWS_SQL}`).all(1, "x") as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join("\n"), "the index gives the order: no sort").not.toMatch(/TEMP B-TREE/);
    expect(plan.map((p) => p.detail).join("\n")).toMatch(/SEARCH affected_response USING (COVERING )?INDEX \S+ \(list_id=\? AND tenant_key=\?/);
  });

  it("searches request ids within the account's own rows, through an index", () => {
    const plan = db.$client.prepare(`EXPLAIN QUERY PLAN ${REQUEST_ROWS_SQL}`).all(1, "x", "[]") as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join("\n")).toMatch(/SEARCH affected_response USING (COVERING )?INDEX \S+ \(list_id=\? AND tenant_key=\?/);
  });

  const list = (): PublishedList => {
    const found = lookupIncident(db, SLUG);
    if (found?.list !== "published") throw new Error(`no list: ${JSON.stringify(found)}`);
    return found;
  };

  it("answers one account's rows in time order, from the live list, and the sample flag of that list", () => {
    const { rows: answer, generation } = lookupAffected(db, list(), { kind: "account", tenantKey: tenantKey(SECRET, "7".padStart(32, "0")) });
    expect(generation).toBe(db.$client.prepare("SELECT max(id) FROM audit_entry").pluck().get());
    if (answer.covers !== "account") throw new Error("not an account answer");
    expect(answer.requests.map((r) => r.requestId)).toEqual(["r-7", "r-507", "r-1007", "r-1507", "r-2007", "r-2507", "r-3007", "r-3507", "r-4007", "r-4507"]);
    expect(answer).toMatchObject({ affected: true, responses: 10, byRole: { recipient: 10, exposed: 0 }, sampleData: false });
  });

  it("answers request ids with only those of the account's rows: another account's ids are not its", () => {
    const { rows: answer } = lookupAffected(db, list(), { kind: "request-ids", tenantKey: tenantKey(SECRET, "7".padStart(32, "0")), requestIds: ["r-507", "r-8", "r-7"] });
    if (answer.covers !== "request-ids") throw new Error("not a request-ids answer");
    expect(answer.requests.map((r) => r.requestId)).toEqual(["r-7", "r-507"]);
    expect(answer.checkedRequestIds).toEqual([
      { requestId: "r-507", affected: true },
      { requestId: "r-8", affected: false },
      { requestId: "r-7", affected: true },
    ]);
    expect(Object.keys(answer)).not.toContain("responses");
  });

  it("reads the generation with the rows even when the account has none", () => {
    const { rows, generation } = lookupAffected(db, list(), { kind: "account", tenantKey: "0".repeat(64) });
    expect(rows).toMatchObject({ covers: "account", affected: false, responses: 0, requests: [] });
    expect(generation).toBeGreaterThan(0);
  });

  it("never says an account was not affected when no list is here: none published, or counts only", () => {
    const { version } = createIncident({ db, actor: system, input: { slug: "no-list", title: "N", summary: "s", provider: "p", service: "s", status: "resolved", impact: "i", cause: "c" } });
    setPublished({ db, actor: system, slug: "no-list", published: true, input: { version } });
    expect(lookupIncident(db, "no-list")).toMatchObject({ slug: "no-list", list: "none" });
    const counts = { sample: false, note: null, total: 1, byRole: { recipient: 1, exposed: 0 }, firstAt: null, lastAt: null, perDay: [{ day: "2026-01-01", recipient: 1, exposed: 0 }], promptTokens: null };
    importRecord({
      db,
      actor: system,
      input: { record: { incident: { slug: "counts", title: "C", summary: "s", provider: "p", service: "s", model: null, status: "resolved", severity: null, impact: "i", cause: "c", isAttack: null, attackNote: null, contextTitle: null, cites: [] }, events: [], sources: [], figures: [], durations: [], findings: [], reactions: [], recommendations: [], context: [] }, affected: counts },
    });
    expect(lookupIncident(db, "counts")).toMatchObject({ slug: "counts", list: "counts-only" });
    expect(lookupIncident(db, "nope")).toBeNull();
  });
});
