import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { tenantKey } from "@/lib/tenant-key";
import { fileSource } from "@/domain/affected-list/source";
import { sweepLists } from "../affected/sweep";
import { type Db, openDatabase } from "../client";
import { readEnv } from "@/config/env";
import { prepareDatabase } from "../prepare";
import { readIncident } from "../read/incident";
import { importAffectedList } from "./affected";
import { giveShape } from "@/tests/support/shapes";
import { createIncident } from "./incident";

const SECRET = "a".repeat(40);
const SAMPLED = "glm-5-3-kv-cache-exposure";
const SLUG = "affected-test";
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const reader: Actor = { kind: "token", id: 1, name: "ci-read", scope: "read" };
const ACCOUNT = "0123456789abcdef0123456789abcdef";
const HEADER = "account_id,request_id,occurred_at,prompt_tokens,role";

let dir: string;
let db: Db;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-affected-"));
  const file = path.join(dir, "a.db");
  await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: SECRET }), seed: true });
  db = openDatabase(file);
  createIncident({
    db,
    actor: editor,
    input: { slug: SLUG, title: "Affected test", summary: "s", provider: "p", service: "svc", status: "resolved", impact: "i", cause: "c" },
  });
  giveShape(db, SLUG);
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let files = 0;
function csvFile(lines: string[]) {
  const file = path.join(dir, `upload-${++files}.csv`);
  fs.writeFileSync(file, [HEADER, ...lines].join("\n") + "\n");
  return fileSource(file);
}
const row = (i: number, tokens = "12") => `${ACCOUNT},upload-req-${i},2026-09-01T12:00:0${i % 10}Z,${tokens},recipient`;

const count = (sql: string, ...args: unknown[]) => db.$client.prepare(sql).pluck().get(...args) as number;
function state(slug = SLUG) {
  const stored = readIncident(db, slug, { drafts: true });
  if (!stored) throw new Error(`no incident ${slug}`);
  return {
    version: stored.version,
    affected: stored.affected,
    audits: count("SELECT count(*) FROM audit_entry WHERE incident_slug = ?", slug),
    lists: count("SELECT count(*) FROM affected_list"),
    rows: count("SELECT count(*) FROM affected_response"),
  };
}

async function expectDomainError(work: () => Promise<unknown>, code: DomainError["code"]): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    return error as DomainError;
  }
  throw new Error(`expected a ${code} error`);
}

const upload = (args: { actor?: Actor; slug?: string; version: number | null; lines: string[]; replace?: boolean }) =>
  importAffectedList({ db, actor: args.actor ?? editor, slug: args.slug ?? SLUG, version: args.version, rows: { source: csvFile(args.lines) }, replace: args.replace, secret: SECRET });

describe("importAffectedList", () => {
  it("publishes a first list: its counts, one version bump and one audit entry of counts only", async () => {
    const before = state();
    expect(before.affected).toBeNull();
    const result = await upload({ version: before.version, lines: [row(1), row(2), row(2)] });
    expect(result.version).toBe(before.version + 1);
    expect(result.report).toMatchObject({ rowsRead: 3, added: 2, alreadyPresent: 1, removed: null, empty: false });
    const after = state();
    expect(after.version).toBe(before.version + 1);
    expect(after.audits).toBe(before.audits + 1);
    expect(after.affected).toMatchObject({ rows: true, summary: { sample: false, note: null, total: 2, byRole: { recipient: 2, exposed: 0 } } });
    const entry = db.$client.prepare("SELECT actor, action, entity, before, after FROM audit_entry ORDER BY id DESC LIMIT 1").get() as Record<string, string>;
    expect(entry).toMatchObject({ action: "import", entity: "affected", actor: "user:ed@example.com" });
    expect(JSON.parse(entry.after ?? "null")).toMatchObject({ rows: 2, added: 2, alreadyPresent: 1, sample: false });
    const stored = `${entry.before}${entry.after}`;
    expect(stored).not.toContain(ACCOUNT);
    expect(stored).not.toContain(tenantKey(SECRET, ACCOUNT));
    expect(stored).not.toContain("upload-req");
  });

  it("adds to a real list: the new version holds the old rows and the new, and the old one is gone", async () => {
    const before = state();
    const result = await upload({ version: before.version, lines: [row(2), row(3)] });
    expect(result.report).toMatchObject({ rowsRead: 2, added: 1, alreadyPresent: 1 });
    const after = state();
    expect(after.affected?.summary.total).toBe(3);
    expect(after.lists).toBe(before.lists);
    expect(after.rows).toBe(before.rows + 1);
  });

  it("imports nothing when the last row is bad, and leaves no rows behind", async () => {
    const before = state();
    const error = await expectDomainError(() => upload({ version: before.version, lines: [row(4), row(5), row(6, "0")] }), "invalid");
    expect(error.message).toMatch(/^Nothing was imported: line 4, field prompt_tokens: /);
    expect(error.message).not.toContain(ACCOUNT);
    expect(state()).toEqual(before);
  });

  it("imports nothing from a file with no rows, even with replace, and writes nothing at all", async () => {
    const before = state();
    const writes = count("SELECT total_changes()");
    const result = await upload({ version: before.version, lines: [], replace: true });
    expect(result.report).toMatchObject({ empty: true, rowsRead: 0, removed: 0 });
    for (const [name, text] of [["blank.csv", "\n \n"], ["empty.json", ""], ["array.json", " [ ] "]] as const) {
      fs.writeFileSync(path.join(dir, name), text);
      const empty = await importAffectedList({ db, actor: editor, slug: SLUG, version: before.version, rows: { source: fileSource(path.join(dir, name)) }, secret: SECRET });
      expect(empty.report, name).toMatchObject({ empty: true, rowsRead: 0, format: name.endsWith(".json") ? "json" : "csv" });
    }
    await expectDomainError(() => upload({ version: before.version, lines: [row(1, "0")] }), "invalid");
    // Not even a list begun and then removed: the count of rows SQLite changed did not move.
    expect(count("SELECT total_changes()")).toBe(writes);
    expect(state()).toEqual(before);
  });

  it("refuses a stale version, a read token and an unknown incident, importing nothing", async () => {
    const before = state();
    const stale = await expectDomainError(() => upload({ version: before.version + 5, lines: [row(7)] }), "conflict");
    expect(stale.details.currentVersion).toBe(before.version);
    await expectDomainError(() => upload({ actor: reader, version: before.version, lines: [row(7)] }), "forbidden");
    await expectDomainError(() => upload({ slug: "no-such-incident", version: 1, lines: [row(7)] }), "not-found");
    expect(state()).toEqual(before);
  });

  it("will not add real rows to a generated sample, and replaces it whole: the list is then real", async () => {
    const before = state(SAMPLED);
    expect(before.affected?.summary.sample).toBe(true);
    const refused = await expectDomainError(() => upload({ slug: SAMPLED, version: null, lines: [row(8)] }), "conflict");
    expect(refused.message).toContain("generated sample");
    expect(state(SAMPLED)).toEqual(before);
    const result = await upload({ slug: SAMPLED, version: null, lines: [row(8), row(9)], replace: true });
    expect(result.report).toMatchObject({ added: 2, removed: 155 });
    const after = state(SAMPLED);
    expect(after.affected?.summary).toMatchObject({ sample: false, note: null, total: 2 });
    expect(after.rows).toBe(before.rows - 155 + 2);
    expect(after.audits).toBe(before.audits + 1);
  });

  it("lets other writes through between its batches, and a crashed import's rows are swept later", async () => {
    const lines = Array.from({ length: 9_000 }, (_, i) => `${i.toString(16).padStart(32, "0")},bulk-${i},2026-09-01T12:00:00Z,5,recipient`);
    let between = 0;
    const timer = setInterval(() => {
      db.$client.prepare("INSERT INTO api_token (name, token_hash, scope) VALUES (?, ?, 'read')").run(`t-${between}`, `h-${between}`);
      between++;
    }, 0);
    const done = await upload({ version: null, lines, replace: true }).finally(() => clearInterval(timer));
    expect(done.report.added).toBe(9_000);
    expect(between).toBeGreaterThan(0);

    const before = state();
    const { id } = db.$client.prepare("INSERT INTO affected_list (incident_id, state, sample, rows, touched_at) VALUES ((SELECT id FROM incident WHERE slug = ?), 'building', 0, 1, '2000-01-01T00:00:00.000Z') RETURNING id").get(SLUG) as { id: number };
    db.$client.prepare("INSERT INTO affected_response (list_id, tenant_key, request_id, occurred_at, m1, role) VALUES (?, 'k', 'r', '2026-01-01T00:00:00.000Z', 1, 'recipient')").run(id);
    expect(state().affected).toEqual(before.affected);
    await sweepLists(db);
    expect(state()).toEqual(before);
  });
});
