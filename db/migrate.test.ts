import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readIncident } from "./read/incident";
import { type Db, openDatabase } from "./client";
import { sqliteStore } from "./store/sqlite";
import type { Store } from "./store/store";
import { MIGRATIONS_FOLDER, migrateDatabase } from "./migrate";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-migrate-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A database as it stood before record version 2: migrations 0000–0004 only. */
function oldDatabase(): Db {
  const folder = path.join(root, "old-migrations");
  fs.mkdirSync(path.join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: Array<{ idx: number; tag: string }> };
  const old = journal.entries.filter((e) => e.idx <= 4);
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: old }));
  for (const e of old) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  const db = openDatabase(path.join(root, `old-${Date.now()}.db`), { create: true });
  migrate(db, { migrationsFolder: folder });
  return db;
}

const INCIDENT = `INSERT INTO incident (slug, title, summary, provider, service, status, impact, cause, is_attack, sample_note, affected_summary)
  VALUES (?, 'T', 'S', 'P', 'Svc', 'resolved', 'I', 'C', 0, ?, ?)`;

describe("migrating a version-1 database", () => {
  const db = oldDatabase();
  const c = db.$client;
  c.prepare(INCIDENT).run("with-rows", "Generated, not real.", null);
  c.prepare(INCIDENT).run("counts-only", null, JSON.stringify({
    sample: false, note: null, total: 3, byRole: { recipient: 2, exposed: 1 },
    perDay: [{ day: "2026-01-01", label: "1 Jan", recipient: 2, exposed: 0, total: 2 }, { day: "2026-01-02", label: "2 Jan", recipient: 0, exposed: 1, total: 1 }],
    promptTokens: [{ from: 0, to: 50000, count: 3 }],
  }));
  c.prepare(INCIDENT).run("no-list", null, null);
  const insertRow = c.prepare("INSERT INTO affected_response (incident_id, tenant_key, request_id, occurred_at, prompt_tokens, role) VALUES (1, ?, ?, ?, ?, ?)");
  insertRow.run("k1", "r1", "2026-08-27T10:00:00.000Z", 700_000, "recipient");
  insertRow.run("k1", "r2", "2026-08-28T10:00:00.000Z", 720_000, "exposed");
  insertRow.run("k2", "r3", "2026-08-28T11:00:00.000Z", 900_000, "recipient");
  c.prepare("INSERT INTO event (incident_id, key, at, precision, phase, title, position) VALUES (1, 'a', '2026-08-27', 'day', 'exposure', 'A', 0), (1, 'b', '2026-09-09', 'day', 'exposure', 'B', 1)").run();
  c.prepare("INSERT INTO duration_claim (incident_id, key, position, label, kind, from_event_id, to_event_id, counted_by, method) VALUES (1, 'exposure-window', 0, 'Exposure window', 'interval', 1, 2, 'X', 'Y')").run();
  c.prepare("INSERT INTO figure (incident_id, position, value, label) VALUES (1, 0, '1', 'first'), (1, 1, '2', 'second'), (1, 2, '3', 'third')").run();
  c.prepare("INSERT INTO context_fact (incident_id, position, topic, statement) VALUES (1, 0, 'T', 'S')").run();
  // Every item cites a source, as a valid record has it.
  c.prepare("INSERT INTO source (incident_id, number, publisher, title, published_on) VALUES (1, 0, 'P', 'T', '2026-01-01')").run();
  for (const [type, table] of [["event", "event"], ["duration_claim", "duration_claim"], ["figure", "figure"], ["context_fact", "context_fact"]]) {
    c.prepare(`INSERT INTO citation (source_id, subject_type, subject_id) SELECT 1, '${type}', id FROM ${table}`).run();
  }
  let store: Store | undefined;
  beforeAll(async () => {
    await migrateDatabase(db);
    store = sqliteStore(c.name);
  });
  afterAll(() => store?.close());
  const read = (slug: string) => {
    if (!store) throw new Error("the store opens in beforeAll");
    return readIncident(store, slug);
  };

  it("keeps every row, under a live list that carries the sample note and counts computed from the rows", async () => {
    const stored = await read("with-rows");
    expect(c.prepare("SELECT count(*) FROM affected_response").pluck().get()).toBe(3);
    expect(stored?.affected).toEqual({
      rows: true,
      summary: {
        sample: true,
        note: "Generated, not real.",
        total: 3,
        byRole: { recipient: 2, exposed: 1 },
        firstAt: "2026-08-27T10:00:00.000Z",
        lastAt: "2026-08-28T11:00:00.000Z",
        perDay: [
          { day: "2026-08-27", byRole: { recipient: 1 } },
          { day: "2026-08-28", byRole: { exposed: 1, recipient: 1 } },
        ],
        // The incident has no list shape, so no measure is counted; the rows keep their values (m1).
        measures: [],
        byClass: {},
      },
    });
  });

  it("keeps version 1's meaning: the exposure window by its key, the first two figures on the card, the context titled \"The model\"", async () => {
    const record = (await read("with-rows"))?.record;
    expect(record?.durations.map((d) => d.role)).toEqual(["exposure"]);
    expect(record?.figures.map((f) => f.headline)).toEqual([true, true, false]);
    expect(record?.incident.contextTitle).toBe("The model");
    expect(record?.incident.isAttack).toBe(false);
  });

  it("turns an exported incident's published counts into a list of counts only", async () => {
    expect((await read("counts-only"))?.affected).toEqual({
      rows: false,
      summary: {
        sample: false,
        note: null,
        total: 3,
        byRole: { recipient: 2, exposed: 1 },
        firstAt: null,
        lastAt: null,
        perDay: [
          { day: "2026-01-01", byRole: { recipient: 2 } },
          { day: "2026-01-02", byRole: { exposed: 1 } },
        ],
        measures: [{ key: "prompt_tokens", bucket: 50_000, counts: [{ from: 0, count: 3 }] }],
        byClass: {},
      },
    });
  });

  it("gives an incident that had no list none, and leaves the database consistent", async () => {
    expect((await read("no-list"))?.affected).toBeNull();
    expect(c.pragma("foreign_key_check")).toEqual([]);
    expect(c.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(c.pragma("foreign_keys", { simple: true })).toBe(1);
  });
});
