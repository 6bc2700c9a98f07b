import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Actor } from "@/domain/access";
import { tenantKey } from "@/lib/tenant-key";
import { fileSource } from "@/domain/affected-list/source";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";
import { sweepLists } from "../affected/sweep";
import { readIncident } from "../read/incident";
import { apiToken, auditEntry } from "../schema";
import { writeTransaction } from "../transaction";
import { importAffectedList } from "./affected";
import { giveShape } from "@/tests/support/shapes";
import { createIncident } from "./incident";
import { expectDomainError } from "@/tests/support/domain-error";

const SECRET = TEST_SECRET;
const SAMPLED = "glm-5-3-kv-cache-exposure";
const SLUG = "affected-test";
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const reader: Actor = { kind: "token", id: 1, name: "ci-read", scope: "read" };
const ACCOUNT = "0123456789abcdef0123456789abcdef";
const HEADER = "account_id,request_id,occurred_at,prompt_tokens,role";

const kit = testStores("affected");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-affected-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let files = 0;
function csvFile(lines: string[]) {
  const file = path.join(dir, `upload-${++files}.csv`);
  fs.writeFileSync(file, [HEADER, ...lines].join("\n") + "\n");
  return fileSource(file);
}
const row = (i: number, tokens = "12") => `${ACCOUNT},upload-req-${i},2026-09-01T12:00:0${i % 10}Z,${tokens},recipient`;


describe.each(ENGINES)("on %s", (engine) => {
  const store = () => kit.store(engine);
  beforeAll(async () => {
    await createIncident({
      store: store(),
      actor: editor,
      input: { slug: SLUG, title: "Affected test", summary: "s", provider: "p", service: "svc", status: "resolved", impact: "i", cause: "c" },
    });
    await giveShape(store(), SLUG);
  });

  const count = async (query: ReturnType<typeof sql>) => (await store().q.row(z.object({ n: z.number() }), query))?.n ?? -1;
  /**
   * What the database has been written since it opened: SQLite's changes on the store's writing
   * connection; on PostgreSQL each table's rows and newest writer (xmin) and each sequence's value,
   * so a row added and then removed still shows (transaction ids are the whole server's, shared by other files).
   */
  const writes = async () => {
    if (engine === "sqlite") return String(await count(sql`SELECT total_changes() AS n`));
    const names = z.object({ name: z.string() });
    const tables = await store().q.rows(names, sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`);
    const seen = z.object({ x: z.string() });
    const parts = await Promise.all(
      tables.map(async ({ name }) => (await store().q.row(seen, sql`SELECT ${name} || ' ' || count(*) || ' ' || coalesce(max(xmin::text::bigint), 0) AS x FROM ${sql.identifier(name)}`))?.x),
    );
    const sequences = await store().q.row(seen, sql`SELECT coalesce(string_agg(sequencename || '=' || coalesce(last_value, 0), ',' ORDER BY sequencename), '') AS x FROM pg_sequences WHERE schemaname = current_schema()`);
    return [...parts, sequences?.x].join("\n");
  };
  async function state(slug = SLUG) {
    const stored = await readIncident(store(), slug, { drafts: true });
    if (!stored) throw new Error(`no incident ${slug}`);
    return {
      version: stored.version,
      affected: stored.affected,
      audits: await count(sql`SELECT count(*) AS n FROM audit_entry WHERE incident_slug = ${slug}`),
      lists: await count(sql`SELECT count(*) AS n FROM affected_list`),
      rows: await count(sql`SELECT count(*) AS n FROM affected_response`),
    };
  }

  const upload = (args: { actor?: Actor; slug?: string; version: number | null; lines: string[]; replace?: boolean }) =>
    importAffectedList({ store: store(), actor: args.actor ?? editor, slug: args.slug ?? SLUG, version: args.version, rows: { source: csvFile(args.lines) }, replace: args.replace, secret: SECRET });

  describe("importAffectedList", () => {
    it("publishes a first list: its counts, one version bump and one audit entry of counts only", async () => {
      const before = await state();
      expect(before.affected).toBeNull();
      const result = await upload({ version: before.version, lines: [row(1), row(2), row(2)] });
      expect(result.version).toBe(before.version + 1);
      expect(result.report).toMatchObject({ rowsRead: 3, added: 2, alreadyPresent: 1, removed: null, empty: false });
      const after = await state();
      expect(after.version).toBe(before.version + 1);
      expect(after.audits).toBe(before.audits + 1);
      expect(after.affected).toMatchObject({ rows: true, summary: { sample: false, note: null, total: 2, byRole: { recipient: 2, exposed: 0 } } });
      const entry = (await store().q.select({ actor: auditEntry.actor, action: auditEntry.action, entity: auditEntry.entity, before: auditEntry.before, after: auditEntry.after }).from(auditEntry).orderBy(desc(auditEntry.id)).limit(1).get()) ?? expect.fail("no audit entry");
      expect(entry).toMatchObject({ action: "import", entity: "affected", actor: "user:ed@example.com" });
      expect(JSON.parse(entry.after ?? "null")).toMatchObject({ rows: 2, added: 2, alreadyPresent: 1, sample: false });
      const stored = `${entry.before}${entry.after}`;
      expect(stored).not.toContain(ACCOUNT);
      expect(stored).not.toContain(tenantKey(SECRET, ACCOUNT));
      expect(stored).not.toContain("upload-req");
    });

    it("adds to a real list: the new version holds the old rows and the new, and the old one is gone", async () => {
      const before = await state();
      const result = await upload({ version: before.version, lines: [row(2), row(3)] });
      expect(result.report).toMatchObject({ rowsRead: 2, added: 1, alreadyPresent: 1 });
      const after = await state();
      expect(after.affected?.summary.total).toBe(3);
      expect(after.lists).toBe(before.lists);
      expect(after.rows).toBe(before.rows + 1);
    });

    it("imports nothing when the last row is bad, and leaves no rows behind", async () => {
      const before = await state();
      const error = await expectDomainError(() => upload({ version: before.version, lines: [row(4), row(5), row(6, "0")] }), "invalid");
      expect(error.message).toMatch(/^Nothing was imported: line 4, field prompt_tokens: /);
      expect(error.message).not.toContain(ACCOUNT);
      expect(await state()).toEqual(before);
    });

    it("imports nothing from a file with no rows, even with replace, and writes nothing at all", async () => {
      const before = await state();
      const written = await writes();
      const result = await upload({ version: before.version, lines: [], replace: true });
      expect(result.report).toMatchObject({ empty: true, rowsRead: 0, removed: 0 });
      for (const [name, text] of [["blank.csv", "\n \n"], ["empty.json", ""], ["array.json", " [ ] "]] as const) {
        fs.writeFileSync(path.join(dir, name), text);
        const empty = await importAffectedList({ store: store(), actor: editor, slug: SLUG, version: before.version, rows: { source: fileSource(path.join(dir, name)) }, secret: SECRET });
        expect(empty.report, name).toMatchObject({ empty: true, rowsRead: 0, format: name.endsWith(".json") ? "json" : "csv" });
      }
      await expectDomainError(() => upload({ version: before.version, lines: [row(1, "0")] }), "invalid");
      // Not even a list begun and then removed: nothing was written to the database.
      expect(await writes()).toBe(written);
      expect(await state()).toEqual(before);
    });

    it("refuses a stale version, a read token and an unknown incident, importing nothing", async () => {
      const before = await state();
      const stale = await expectDomainError(() => upload({ version: before.version + 5, lines: [row(7)] }), "conflict");
      expect(stale.details.currentVersion).toBe(before.version);
      await expectDomainError(() => upload({ actor: reader, version: before.version, lines: [row(7)] }), "forbidden");
      await expectDomainError(() => upload({ slug: "no-such-incident", version: 1, lines: [row(7)] }), "not-found");
      expect(await state()).toEqual(before);
    });

    it("will not add real rows to a generated sample, and replaces it whole: the list is then real", async () => {
      const before = await state(SAMPLED);
      expect(before.affected?.summary.sample).toBe(true);
      const refused = await expectDomainError(() => upload({ slug: SAMPLED, version: null, lines: [row(8)] }), "conflict");
      expect(refused.message).toContain("generated sample");
      expect(await state(SAMPLED)).toEqual(before);
      const result = await upload({ slug: SAMPLED, version: null, lines: [row(8), row(9)], replace: true });
      expect(result.report).toMatchObject({ added: 2, removed: 155 });
      const after = await state(SAMPLED);
      expect(after.affected?.summary).toMatchObject({ sample: false, note: null, total: 2 });
      expect(after.rows).toBe(before.rows - 155 + 2);
      expect(after.audits).toBe(before.audits + 1);
    });

    it("lets other writes through between its batches, and a crashed import's rows are swept later", async () => {
      const lines = Array.from({ length: 9_000 }, (_, i) => `${i.toString(16).padStart(32, "0")},bulk-${i},2026-09-01T12:00:00Z,5,recipient`);
      let between = 0;
      const others: Array<Promise<unknown>> = [];
      const timer = setInterval(() => {
        const n = others.length;
        others.push(writeTransaction(store(), (tx) => tx.insert(apiToken).values({ name: `t-${engine}-${n}`, tokenHash: `h-${engine}-${n}`, scope: "read" }).run()).then(() => between++));
      }, 0);
      const done = await upload({ version: null, lines, replace: true }).finally(() => clearInterval(timer));
      await Promise.all(others);
      expect(done.report.added).toBe(9_000);
      expect(between).toBeGreaterThan(0);

      const before = await state();
      const made = await store().q.row(
        z.object({ id: z.number() }),
        sql`INSERT INTO affected_list (incident_id, state, sample, rows, touched_at) VALUES ((SELECT id FROM incident WHERE slug = ${SLUG}), 'building', 0, 1, '2000-01-01T00:00:00.000Z') RETURNING id`,
      );
      await store().q.exec(sql`INSERT INTO affected_response (list_id, tenant_key, request_id, occurred_at, m1, role) VALUES (${made?.id}, 'k', 'r', '2026-01-01T00:00:00.000Z', 1, 'recipient')`);
      expect((await state()).affected).toEqual(before.affected);
      await sweepLists(store());
      expect(await state()).toEqual(before);
    });
  });
});
