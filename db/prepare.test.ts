import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { type IncidentRecord, incidentRecord } from "@/domain/record/record";
import { generateSample, sampleAccountIds, type SampleSpec } from "@/lib/sample-list";
import { tenantKey } from "@/lib/tenant-key";
import { readSeedIncident } from "@/db/seed/read";
import { sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { ENGINES, testStores } from "@/tests/support/stores";
import { type Db, openDatabase } from "./client";
import { sqliteTables } from "./pg/generate";
import { readEnv } from "@/config/env";
import { prepareDatabase } from "./prepare";
import { insertRecord } from "./write/insert-record";
import { writeTransaction } from "./transaction";
import { importRecord } from "./write/record";

const SECRET = "0123456789abcdef".repeat(4);
const SLUG = "glm-5-3-kv-cache-exposure";
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

const kit = testStores("prepare");
let dir: string;
let file: string;
let db: Db;

const env = () => readEnv({ DATABASE_URL: file, LOOKUP_SECRET: SECRET });
const seed = readSeedIncident(SLUG);
const spec = (): SampleSpec => {
  if (!seed.sample) throw new Error("the shipped incident has no sample");
  return seed.sample;
};

function tables(): string[] {
  return db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
}

function rowCounts(): Record<string, number> {
  return Object.fromEntries(tables().map((t) => [t, db.$client.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]));
}

/** A copy of the shipped record under another slug, changed by `change`; no zod check on the way. */
function variant(change: (r: IncidentRecord) => void): IncidentRecord {
  const copy = structuredClone(seed.record);
  copy.incident.slug = "db-test-variant";
  change(copy);
  return copy;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-db-test-"));
  file = path.join(dir, "aftermath.db");
  await prepareDatabase({ env: env() });
  db = openDatabase(file);
});

afterAll(() => {
  db?.$client.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("prepareDatabase on a real SQLite file", () => {
  it("loads the seed through the verbs: the record, then its sample list, each with one audit entry", () => {
    const counts = rowCounts();
    // The shipped incidents: GLM-5.3 (13 sources, a sample list), ChatGPT (6 sources, no list) and Fastly (13 sources, an outage).
    expect(counts.incident).toBe(3);
    expect(counts.source).toBe(32);
    expect(counts.affected_response).toBe(155);
    expect(counts.affected_list).toBe(1);
    const audit = db.$client.prepare("SELECT actor, action, entity FROM audit_entry ORDER BY id").all();
    expect(audit).toEqual([
      { actor: "system:seed", action: "import", entity: "incident" },
      { actor: "system:seed", action: "import", entity: "incident" },
      { actor: "system:seed", action: "import", entity: "incident" },
      { actor: "system:seed", action: "import", entity: "affected" },
    ]);
    expect(db.$client.prepare("SELECT sample, rows, total, state FROM affected_list").get()).toEqual({ sample: 1, rows: 1, total: 155, state: "live" });
  });

  it("opens connections in WAL mode with foreign keys enforced", () => {
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("changes nothing when run again", async () => {
    const before = rowCounts();
    const again = await prepareDatabase({ env: env() });
    expect(again.seeded).toEqual([
      { slug: "chatgpt-redis-py-cross-user-exposure", loaded: false, affected: 0 },
      { slug: "fastly-global-outage-2021-06-08", loaded: false, affected: 0 },
      { slug: SLUG, loaded: false, affected: 0 },
    ]);
    expect(rowCounts()).toEqual(before);
  });

  it("stores each sample row under the HMAC of its account id, and only that", () => {
    const rows = db.$client.prepare("SELECT request_id AS requestId, tenant_key AS tenantKey FROM affected_response").all() as Array<{ requestId: string; tenantKey: string }>;
    expect(rows).toHaveLength(155);
    const expected = new Map(generateSample(spec()).map((r) => [r.request_id, tenantKey(SECRET, r.account_id)]));
    for (const row of rows) {
      expect(row.tenantKey).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tenantKey, row.requestId).toBe(expected.get(row.requestId));
    }
    expect(new Set(rows.map((r) => r.tenantKey))).toEqual(new Set(expected.values()));
  });

  it("keeps no raw account id anywhere", () => {
    const accounts = sampleAccountIds(spec(), spec().accounts + 1);
    const found: string[] = [];
    for (const table of tables()) {
      const rows = db.$client.prepare(`SELECT * FROM "${table}"`).all() as Array<Record<string, unknown>>;
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          const text = String(value).toLowerCase();
          for (const account of accounts) if (text.includes(account)) found.push(`${table}.${column} holds ${account}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe.each(ENGINES)("writing a whole record, on %s", (engine) => {
  const store = () => kit.store(engine);
  /** Rows per table of the schema, on the engine's copy of the seeded database. */
  const storedCounts = async (): Promise<Record<string, number>> => {
    const counts: Record<string, number> = {};
    for (const t of sqliteTables()) {
      const name = getTableConfig(t).name;
      counts[name] = (await store().q.row(z.object({ n: z.number() }), sql`SELECT count(*) AS n FROM ${sql.identifier(name)}`))?.n ?? -1;
    }
    return counts;
  };
  /** What the engine's own error says of a failed check (drizzle's names the query; its cause, the constraint). */
  const brokeCheck = engine === "sqlite" ? /CHECK constraint failed/ : /violates check constraint/;

  it("refuses a record whose event cites a missing source", () => {
    const parsed = incidentRecord.safeParse(variant((r) => r.events[3]?.cites.push(99)));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual(["events.3.cites", "validation.record.citesMissing"]);
  });

  it("refuses an event whose time does not match its precision, in the event's own schema", () => {
    const parsed = incidentRecord.safeParse(variant((r) => r.events.push({ ...r.events[0]!, key: "bad-precision", at: "2026-09-09", precision: "minute", cites: [3] })));
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toContain(`events.${seed.record.events.length}.at`);
  });

  it("writes nothing when the database rejects an event half-way through", async () => {
    const bad = variant((r) => r.events.push({ ...r.events[0]!, key: "bad-precision", at: "2026-09-09", precision: "minute", cites: [3] }));
    const before = await storedCounts();
    // The database's check is what stands if a writer skipped zod.
    await expect(writeTransaction(store(), (tx) => insertRecord(tx, bad))).rejects.toThrow(expect.objectContaining({ cause: expect.objectContaining({ message: expect.stringMatching(brokeCheck) }) }));
    expect(await storedCounts()).toEqual(before);
  });

  it("writes nothing when the last fact fails", async () => {
    const bad = variant((r) => r.context.at(-1)?.cites.push(99));
    const before = await storedCounts();
    await expect(writeTransaction(store(), (tx) => insertRecord(tx, bad))).rejects.toThrow(/unknown source \[99\]/);
    expect(await storedCounts()).toEqual(before);
  });

  it("imports a valid record in one change: the incident, its items, one audit entry", async () => {
    const good = variant(() => {});
    const before = await storedCounts();
    expect(await importRecord({ store: store(), actor: editor, input: { record: good } })).toEqual({ slug: "db-test-variant", version: 1 });
    const after = await storedCounts();
    expect(after.incident).toBe((before.incident ?? 0) + 1);
    expect(after.event).toBe((before.event ?? 0) + good.events.length);
    expect(after.audit_entry).toBe((before.audit_entry ?? 0) + 1);
    expect(after.affected_list).toBe(before.affected_list);
  });

  it("refuses a slug that is taken, changing nothing", async () => {
    const before = await storedCounts();
    await expect(importRecord({ store: store(), actor: editor, input: { record: seed.record } })).rejects.toThrow(DomainError);
    expect(await storedCounts()).toEqual(before);
  });
});
