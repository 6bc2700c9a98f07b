import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { tenantKey } from "@/lib/tenant-key";
import { type Covered, type PublishedList, lookupAffected, lookupIncident, lookupRowsSql, requestRowsSql } from "./rows";
import { importAffectedList } from "@/db/write/affected";
import { createIncident, setPublished } from "@/db/write/incident";
import { importRecord } from "@/db/write/record";
import { sqliteStore } from "@/db/store/sqlite";
import type { Store, Tx } from "@/db/store/store";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";

const SLUG = "glm-5-3-kv-cache-exposure";
const system = { kind: "system", name: "test" } as const;
const BIG_ACCOUNT = "b1".repeat(16);
const kit = testStores("lookup-rows");

beforeAll(async () => {
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
  for (const engine of ENGINES) await importAffectedList({ store: kit.store(engine), actor: system, slug: SLUG, version: null, rows: { values }, replace: true, secret: TEST_SECRET });
}, 120_000);

const published = async (store: Store): Promise<PublishedList> => {
  const found = await store.read((tx) => lookupIncident(tx, SLUG));
  if (found?.list !== "published") throw new Error(`no list: ${JSON.stringify(found)}`);
  return found;
};

describe("the lookup query on SQLite", () => {
  /** SQLite's plan of a statement as the lookup builds it. */
  const plan = (query: (tx: Tx) => SQL) =>
    kit.store("sqlite").read(async (tx) => {
      if (tx.native.engine !== "sqlite") throw new Error("not SQLite");
      const { sql, params } = new SQLiteAsyncDialect().sqlToQuery(query(tx));
      return (tx.native.client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((p) => p.detail);
    });

  it("searches by the account's key through an index, on a database SQLite has no statistics for", async () => {
    const details = await plan((tx) => lookupRowsSql(tx, 1, "x"));
    expect(details.join("\n"), "the index gives the order: no sort").not.toMatch(/TEMP B-TREE/);
    expect(details.join("\n")).toMatch(/SEARCH affected_response USING (COVERING )?INDEX \S+ \(list_id=\? AND tenant_key=\?/);
  });

  it("seeks each asked request id on all of list, account and request id: it walks none of the account's rows", async () => {
    const details = await plan((tx) => requestRowsSql(tx, 1, "x", ["a", "b", "c"]));
    expect(details.join("\n")).toMatch(/SEARCH \w+ USING (COVERING )?INDEX \S+ \(list_id=\? AND tenant_key=\? AND request_id=\?\)/);
    expect(details.filter((d) => /affected_response|\br\b/.test(d) && !/request_id=\?/.test(d)), "no other read of the table").toEqual([]);
  });
});

describe.each(ENGINES)("the lookup query on %s", (engine) => {
  const store = () => kit.store(engine);
  const affected = async (covered: Covered) => {
    const list = await published(store());
    return store().readOne((tx) => lookupAffected(tx, list, covered));
  };

  it("answers one account's rows in time order, from the live list, and the sample flag of that list", async () => {
    const { rows: answer, generation } = await affected({ kind: "account", tenantKey: tenantKey(TEST_SECRET, "7".padStart(32, "0")) });
    expect(generation).toBe(await store().generation());
    if (answer.covers !== "account") throw new Error("not an account answer");
    expect(answer.rows.map((r) => r.requestId)).toEqual(["r-7", "r-507", "r-1007", "r-1507", "r-2007", "r-2507", "r-3007", "r-3507", "r-4007", "r-4507"]);
    expect(answer).toMatchObject({ affected: true, affectedRows: 10, byRole: { recipient: 10, exposed: 0 }, sampleData: false });
  });

  it("answers request ids with only those of the account's rows: another account's ids are not its", async () => {
    const { rows: answer } = await affected({ kind: "request-ids", tenantKey: tenantKey(TEST_SECRET, "7".padStart(32, "0")), requestIds: ["r-507", "r-8", "r-7", "r-7"] });
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

  it("reads the generation with the rows even when the account has none", async () => {
    const { rows, generation } = await affected({ kind: "account", tenantKey: "0".repeat(64) });
    expect(rows).toMatchObject({ covers: "account", affected: false, affectedRows: 0, rows: [] });
    expect(generation).toBeGreaterThan(0);
    expect(generation).toBe(await store().generation());
  });

  it("never says an account was not affected when no list is here: none published, or counts only", async () => {
    const lookup = (slug: string) => store().read((tx) => lookupIncident(tx, slug));
    const { version } = await createIncident({ store: store(), actor: system, input: { slug: "no-list", title: "N", summary: "s", provider: "p", service: "s", status: "resolved", impact: "i", cause: "c" } });
    await setPublished({ store: store(), actor: system, slug: "no-list", published: true, input: { version } });
    expect(await lookup("no-list")).toMatchObject({ slug: "no-list", list: "none" });
    const counts = { sample: false, note: null, total: 1, byRole: { recipient: 1, exposed: 0 }, firstAt: null, lastAt: null, perDay: [{ day: "2026-01-01", byRole: { recipient: 1 } }], measures: [], byClass: {} };
    await importRecord({
      store: store(),
      actor: system,
      input: { record: { incident: { slug: "counts", title: "C", summary: "s", provider: "p", service: "s", model: null, status: "resolved", severity: null, impact: "i", cause: "c", isAttack: null, attackNote: null, contextTitle: null, cites: [] }, events: [], sources: [], figures: [], durations: [], findings: [], reactions: [], recommendations: [], context: [] }, affected: counts },
    });
    expect(await lookup("counts")).toMatchObject({ slug: "counts", list: "counts-only" });
    expect(await lookup("nope")).toBeNull();
  });

  describe("what a lookup by request ids reads, without a match", () => {
    // None of these is any account's request id; the big account's ids sort among and around them.
    const asked = ["never-1", "r-999999", "r-1", "zz-2"];
    const covered = (accountId: string) => ({ kind: "request-ids" as const, tenantKey: tenantKey(TEST_SECRET, accountId), requestIds: asked });

    it("is the same statements and the same rows from the database for an account with 20,000 rows as for an unknown one", async () => {
      const list = await published(store());
      const reads = (accountId: string) =>
        store().read(async (tx) => {
          const { tx: noting, runs } = recorded(tx);
          const { rows } = await lookupAffected(noting, list, covered(accountId));
          return { runs, rows };
        });
      const big = await reads(BIG_ACCOUNT);
      expect(big.rows).toMatchObject({ rows: [], checkedRequestIds: asked.map((requestId) => ({ requestId, affected: false })) });
      expect(big.runs.length).toBeGreaterThan(0);
      expect(big).toEqual(await reads("e".repeat(32)));
    });
  });
});

describe("what a lookup by request ids reads from SQLite's file, without a match", () => {
  const asked = ["never-1", "r-999999", "r-1", "zz-2"];

  it("is the same pages of the file for an account with 20,000 rows as for an unknown one, each id on a cold connection", async () => {
    const list = await published(kit.store("sqlite"));
    // On a connection with nothing cached, what it reads from the file is every page the lookup visits.
    const bytes = async (accountId: string, requestId: string) => {
      const cold = sqliteStore(kit.file);
      try {
        return await bytesReadBy(() => cold.read((tx) => lookupAffected(tx, list, { kind: "request-ids", tenantKey: tenantKey(TEST_SECRET, accountId), requestIds: [requestId] })));
      } finally {
        await cold.close();
      }
    };
    for (const requestId of asked) {
      const unknown = await bytes("e".repeat(32), requestId);
      expect(unknown, "something was read").toBeGreaterThan(0);
      expect(await bytes(BIG_ACCOUNT, requestId), `bytes read for ${requestId}`).toBe(unknown);
    }
  });
});

/** The same handle, noting each raw statement it runs (its text) with what the database gave back. */
function recorded(tx: Tx): { tx: Tx; runs: string[] } {
  const runs: string[] = [];
  const dialect = new SQLiteAsyncDialect();
  const noting = new Proxy(tx, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if ((name !== "rows" && name !== "row") || typeof value !== "function") return value;
      return async (row: unknown, query: SQL) => {
        const out: unknown = await Reflect.apply(value, target, [row, query]);
        runs.push(`${dialect.sqlToQuery(query).sql} -> ${JSON.stringify(out)}`);
        return out;
      };
    },
  });
  return { tx: noting, runs };
}

/** Bytes this thread read from files (Linux's count of read(2)) while `run` ran, the count's own read left out; nothing else may run meanwhile. */
async function bytesReadBy(run: () => Promise<unknown>): Promise<number> {
  const rchar = (io: string) => Number(/^rchar: (\d+)$/m.exec(io)?.[1] ?? Number.NaN);
  const before = fs.readFileSync("/proc/thread-self/io", "utf8");
  await run();
  const after = fs.readFileSync("/proc/thread-self/io", "utf8");
  return rchar(after) - rchar(before) - Buffer.byteLength(before);
}
