import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type Database from "better-sqlite3";
import { tenantKey } from "@/lib/tenant-key";
import { type Db, openDatabase } from "@/db/client";
import { readEnv } from "@/config/env";
import { LOOKUP_ROWS_SQL, REQUEST_ROWS_SQL, type PublishedList, lookupAffected, lookupIncident } from "./rows";
import { prepareDatabase } from "@/db/prepare";
import { importAffectedList } from "@/db/write/affected";
import { createIncident, setPublished } from "@/db/write/incident";
import { importRecord } from "@/db/write/record";
import * as schema from "@/db/schema";

const SECRET = "l".repeat(40);
const SLUG = "glm-5-3-kv-cache-exposure";
const system = { kind: "system", name: "test" } as const;
const BIG_ACCOUNT = "b1".repeat(16);
let dir: string;
let file: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-lookup-"));
  file = path.join(dir, "a.db");
  await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: SECRET }) });
  db = openDatabase(file);
  // Enough rows over enough accounts that reading the whole list would be the wrong plan, and one
  // account with many rows, whose request-id lookups must read no more than an unknown account's.
  const row = (account: string, i: number) => ({
    account_id: account,
    request_id: `r-${i}`,
    occurred_at: new Date(Date.parse("2026-08-27T00:00:00Z") + i * 60_000).toISOString(),
    prompt_tokens: 700_000 + i,
    role: "recipient" as const,
  });
  const values = [
    ...Array.from({ length: 5_000 }, (_, i) => row((i % 500).toString(16).padStart(32, "0"), i)),
    ...Array.from({ length: 20_000 }, (_, i) => row(BIG_ACCOUNT, 5_000 + i)),
  ];
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

  it("seeks each asked request id on all of list, account and request id: it walks none of the account's rows", () => {
    const plan = db.$client.prepare(`EXPLAIN QUERY PLAN ${REQUEST_ROWS_SQL}`).all("[]", 1, "x") as Array<{ detail: string }>;
    const details = plan.map((p) => p.detail);
    expect(details.join("\n")).toMatch(/SEARCH \w+ USING (COVERING )?INDEX \S+ \(list_id=\? AND tenant_key=\? AND request_id=\?\)/);
    expect(details.filter((d) => /affected_response|\br\b/.test(d) && !/request_id=\?/.test(d)), "no other read of the table").toEqual([]);
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
    expect(answer.rows.map((r) => r.requestId)).toEqual(["r-7", "r-507", "r-1007", "r-1507", "r-2007", "r-2507", "r-3007", "r-3507", "r-4007", "r-4507"]);
    expect(answer).toMatchObject({ affected: true, affectedRows: 10, byRole: { recipient: 10, exposed: 0 }, sampleData: false });
  });

  it("answers request ids with only those of the account's rows: another account's ids are not its", () => {
    const { rows: answer } = lookupAffected(db, list(), { kind: "request-ids", tenantKey: tenantKey(SECRET, "7".padStart(32, "0")), requestIds: ["r-507", "r-8", "r-7", "r-7"] });
    if (answer.covers !== "request-ids") throw new Error("not a request-ids answer");
    expect(answer.rows.map((r) => r.requestId)).toEqual(["r-7", "r-507"]);
    expect(answer.checkedRequestIds).toEqual([
      { requestId: "r-507", affected: true },
      { requestId: "r-8", affected: false },
      { requestId: "r-7", affected: true },
      { requestId: "r-7", affected: true },
    ]);
    expect(Object.keys(answer)).not.toContain("responses");
  });

  it("reads the generation with the rows even when the account has none", () => {
    const { rows, generation } = lookupAffected(db, list(), { kind: "account", tenantKey: "0".repeat(64) });
    expect(rows).toMatchObject({ covers: "account", affected: false, affectedRows: 0, rows: [] });
    expect(generation).toBeGreaterThan(0);
  });

  it("never says an account was not affected when no list is here: none published, or counts only", () => {
    const { version } = createIncident({ db, actor: system, input: { slug: "no-list", title: "N", summary: "s", provider: "p", service: "s", status: "resolved", impact: "i", cause: "c" } });
    setPublished({ db, actor: system, slug: "no-list", published: true, input: { version } });
    expect(lookupIncident(db, "no-list")).toMatchObject({ slug: "no-list", list: "none" });
    const counts = { sample: false, note: null, total: 1, byRole: { recipient: 1, exposed: 0 }, firstAt: null, lastAt: null, perDay: [{ day: "2026-01-01", byRole: { recipient: 1 } }], measures: [], byClass: {} };
    importRecord({
      db,
      actor: system,
      input: { record: { incident: { slug: "counts", title: "C", summary: "s", provider: "p", service: "s", model: null, status: "resolved", severity: null, impact: "i", cause: "c", isAttack: null, attackNote: null, contextTitle: null, cites: [] }, events: [], sources: [], figures: [], durations: [], findings: [], reactions: [], recommendations: [], context: [] }, affected: counts },
    });
    expect(lookupIncident(db, "counts")).toMatchObject({ slug: "counts", list: "counts-only" });
    expect(lookupIncident(db, "nope")).toBeNull();
  });
});

/** A connection of its own that notes each statement run, with what SQLite gave back. */
function recorded(): { db: Db; runs: string[] } {
  const client = openDatabase(file).$client;
  const runs: string[] = [];
  const noting = (statement: Database.Statement, sql: string): Database.Statement => {
    const proxy: Database.Statement = new Proxy(statement, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name, target);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const out: unknown = value.apply(target, args);
          if (out === target) return proxy;
          if (name === "all" || name === "get") runs.push(`${sql} -> ${JSON.stringify(out)}`);
          return out;
        };
      },
    });
    return proxy;
  };
  const proxied = new Proxy(client, {
    get(target, name) {
      if (name === "prepare") return (sql: string) => noting(target.prepare(sql), sql);
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: drizzle({ client: proxied, schema }), runs };
}

/** Bytes this thread read from files (Linux's count of read(2)) while `run` ran, the count's own read left out. */
function bytesReadBy(run: () => void): number {
  const rchar = (io: string) => Number(/^rchar: (\d+)$/m.exec(io)?.[1] ?? Number.NaN);
  const before = fs.readFileSync("/proc/thread-self/io", "utf8");
  run();
  const after = fs.readFileSync("/proc/thread-self/io", "utf8");
  return rchar(after) - rchar(before) - Buffer.byteLength(before);
}

describe("what a lookup by request ids reads, without a match", () => {
  // None of these is any account's request id; the big account's ids sort among and around them.
  const asked = ["never-1", "r-999999", "r-1", "zz-2"];
  const covered = (accountId: string) => ({ kind: "request-ids" as const, tenantKey: tenantKey(SECRET, accountId), requestIds: asked });
  const published = (on: Db): PublishedList => {
    const found = lookupIncident(on, SLUG);
    if (found?.list !== "published") throw new Error("no list");
    return found;
  };

  it("is the same statements and the same rows from SQLite for an account with 20,000 rows as for an unknown one", () => {
    const reads = (accountId: string) => {
      const { db: on, runs } = recorded();
      const list = published(on);
      runs.length = 0;
      const { rows } = lookupAffected(on, list, covered(accountId));
      on.$client.close();
      return { runs, rows };
    };
    const big = reads(BIG_ACCOUNT);
    expect(big.rows).toMatchObject({ rows: [], checkedRequestIds: asked.map((requestId) => ({ requestId, affected: false })) });
    expect(big.runs.length).toBeGreaterThan(0);
    expect(big).toEqual(reads("e".repeat(32)));
  });

  it("is the same pages of the file for an account with 20,000 rows as for an unknown one, each id on a cold connection", () => {
    // On a connection with nothing cached, what it reads from the file is every page the lookup visits.
    const bytes = (accountId: string, requestId: string) => {
      const on = openDatabase(file);
      const list = published(on);
      on.$client.close();
      const cold = openDatabase(file);
      const read = bytesReadBy(() => lookupAffected(cold, list, { ...covered(accountId), requestIds: [requestId] }));
      cold.$client.close();
      return read;
    };
    for (const requestId of asked) {
      const unknown = bytes("e".repeat(32), requestId);
      expect(unknown, "something was read").toBeGreaterThan(0);
      expect(bytes(BIG_ACCOUNT, requestId), `bytes read for ${requestId}`).toBe(unknown);
    }
  });
});
