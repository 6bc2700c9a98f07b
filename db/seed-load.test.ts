import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantKey } from "@/lib/tenant-key";
import { readSeedIncident } from "@/db/seed/read";
import { type IncidentRecord, incidentRecord } from "@/domain/record/record";
import { UNAFFECTED_SAMPLE_ACCOUNT, generateSample, sampleAccountIds } from "@/db/seed/sample";
import { type Db, openDatabase } from "./client";
import { insertIncidentRecord } from "./insert-incident";
import { prepareDatabase } from "./prepare";
import { readEnv } from "./env";

const SECRET = "0123456789abcdef".repeat(4);
const SLUG = "glm-5-3-kv-cache-exposure";

let dir: string;
let file: string;
let db: Db;

const env = () => readEnv({ DATABASE_PATH: file, LOOKUP_SECRET: SECRET });

function tables(): string[] {
  return db.$client
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
}

function rowCounts(): Record<string, number> {
  return Object.fromEntries(
    tables().map((t) => [t, db.$client.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]),
  );
}

/** A copy of the shipped record under another slug, changed by `change`; no zod check on the way. */
function variant(change: (r: IncidentRecord) => void): IncidentRecord {
  const copy = structuredClone(readSeedIncident(SLUG));
  copy.incident.slug = "db-test-variant";
  change(copy);
  return copy;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-db-test-"));
  file = path.join(dir, "aftermath.db");
  prepareDatabase({ env: env() });
  db = openDatabase(file);
});

afterAll(() => {
  db?.$client.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("prepareDatabase on a real SQLite file", () => {
  it("creates the database with the seed loaded", () => {
    expect(fs.existsSync(file)).toBe(true);
    const counts = rowCounts();
    expect(counts.incident).toBe(1);
    expect(counts.source).toBe(13);
    expect(counts.affected_response).toBe(155);
  });

  it("opens connections in WAL mode with foreign keys enforced", () => {
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("changes nothing when run again", () => {
    const before = rowCounts();
    const again = prepareDatabase({ env: env() });
    expect(again.seeded).toEqual([{ slug: SLUG, loaded: false, affected: 0 }]);
    expect(rowCounts()).toEqual(before);
  });

  it("stores each sample row under the HMAC of its account id, and only that", () => {
    const rows = db.$client
      .prepare("SELECT request_id AS requestId, tenant_key AS tenantKey FROM affected_response")
      .all() as Array<{ requestId: string; tenantKey: string }>;
    expect(rows).toHaveLength(155);
    const expected = new Map(generateSample().map((r) => [r.requestId, tenantKey(SECRET, r.accountId)]));
    for (const row of rows) {
      expect(row.tenantKey).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tenantKey, row.requestId).toBe(expected.get(row.requestId));
    }
    expect(new Set(rows.map((r) => r.tenantKey))).toEqual(new Set(expected.values()));
  });

  it("keeps no raw account id anywhere", () => {
    const accounts = [...sampleAccountIds(), UNAFFECTED_SAMPLE_ACCOUNT];
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

describe("writing an incident record", () => {
  it("refuses a record whose event cites a missing source", () => {
    const bad = variant((r) => {
      r.events[3]?.cites.push(99);
    });
    const parsed = incidentRecord.safeParse(bad);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([
      "events.3.cites",
      "cites source [99], which is not in sources",
    ]);
  });

  it("writes nothing when the database rejects an event half-way through", () => {
    const bad = variant((r) => {
      r.events.push({ ...r.events[0]!, key: "bad-precision", at: "2026-09-09", precision: "minute", cites: [3] });
    });
    // zod refuses it too; the database's check is what stands if a writer skips zod.
    expect(incidentRecord.safeParse(bad).success).toBe(false);
    const before = rowCounts();
    expect(() => insertIncidentRecord(db, bad)).toThrow(/CHECK constraint failed/);
    expect(rowCounts()).toEqual(before);
  });

  it("writes nothing when the last fact fails", () => {
    const bad = variant((r) => {
      r.context.at(-1)?.cites.push(99);
    });
    const before = rowCounts();
    expect(() => insertIncidentRecord(db, bad)).toThrow(/unknown source \[99\]/);
    expect(rowCounts()).toEqual(before);
  });

  it("does write the same record once it is valid", () => {
    const good = variant(() => {});
    expect(incidentRecord.safeParse(good).success).toBe(true);
    const before = rowCounts();
    const { incidentId } = insertIncidentRecord(db, good);
    expect(incidentId).toBeGreaterThan(0);
    const after = rowCounts();
    expect(after.incident).toBe((before.incident ?? 0) + 1);
    expect(after.event).toBe((before.event ?? 0) + good.events.length);
  });
});
