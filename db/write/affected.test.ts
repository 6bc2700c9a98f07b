import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { tenantKey } from "@/lib/tenant-key";
import { type Db, openDatabase } from "../client";
import { readEnv } from "../env";
import { prepareDatabase } from "../prepare";
import { affectedResponse, auditEntry, incident } from "../schema";
import { importAffectedList } from "./affected";

const SECRET = "a".repeat(40);
const SLUG = "glm-5-3-kv-cache-exposure";
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const reader: Actor = { kind: "token", id: 1, name: "ci-read", scope: "read" };
const ACCOUNT = "0123456789abcdef0123456789abcdef";
const HEADER = "account_id,request_id,occurred_at,prompt_tokens,role";

let dir: string;
let db: Db;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-affected-"));
  const file = path.join(dir, "a.db");
  prepareDatabase({ env: readEnv({ DATABASE_PATH: file, LOOKUP_SECRET: SECRET }), seed: true });
  db = openDatabase(file);
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let files = 0;
function csvFile(lines: string[]): string {
  const file = path.join(dir, `upload-${++files}.csv`);
  fs.writeFileSync(file, [HEADER, ...lines].join("\n") + "\n");
  return file;
}
const row = (i: number, tokens = "12") => `${ACCOUNT},upload-req-${i},2026-09-01T12:00:0${i % 10}Z,${tokens},recipient`;

const state = () => {
  const current = db.select({ id: incident.id, version: incident.version }).from(incident).where(eq(incident.slug, SLUG)).get();
  if (!current) throw new Error("no seeded incident");
  const rows = db.select({ n: count() }).from(affectedResponse).where(eq(affectedResponse.incidentId, current.id)).get()?.n ?? 0;
  const audits = db.select().from(auditEntry).where(eq(auditEntry.incidentId, current.id)).all();
  return { version: current.version, rows, audits };
};

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

const upload = (args: { actor?: Actor; version: number; file: string; replace?: boolean }) =>
  importAffectedList({ db, actor: args.actor ?? editor, slug: SLUG, version: args.version, file: args.file, replace: args.replace, secret: SECRET });

describe("importAffectedList", () => {
  it("adds the rows, bumps the version once and leaves one audit entry of counts only", async () => {
    const before = state();
    const result = await upload({ version: before.version, file: csvFile([row(1), row(2), row(2)]) });
    expect(result.version).toBe(before.version + 1);
    expect(result.report).toMatchObject({ rowsRead: 3, added: 2, alreadyPresent: 1, empty: false });
    const after = state();
    expect(after.version).toBe(before.version + 1);
    expect(after.rows).toBe(before.rows + 2);
    expect(after.audits).toHaveLength(before.audits.length + 1);
    const entry = after.audits.at(-1);
    expect(entry).toMatchObject({ action: "import", entity: "affected", actor: "user:ed@example.com" });
    expect(JSON.parse(entry?.before ?? "null")).toEqual({ rows: before.rows });
    expect(JSON.parse(entry?.after ?? "null")).toMatchObject({ rows: before.rows + 2, added: 2, alreadyPresent: 1 });
    const stored = `${entry?.before}${entry?.after}`;
    expect(stored).not.toContain(ACCOUNT);
    expect(stored).not.toContain(tenantKey(SECRET, ACCOUNT));
    expect(stored).not.toContain("upload-req");
  });

  it("imports nothing when the last row is bad: rows, version and audit stay as they were", async () => {
    const before = state();
    const error = await expectDomainError(() => upload({ version: before.version, file: csvFile([row(3), row(4), row(5, "0")]) }), "invalid");
    expect(error.message).toMatch(/^Nothing was imported: line 4, field prompt_tokens: /);
    expect(error.message).not.toContain(ACCOUNT);
    expect(state()).toEqual(before);
  });

  it("refuses a stale version as a conflict, importing nothing", async () => {
    const before = state();
    const error = await expectDomainError(() => upload({ version: before.version + 5, file: csvFile([row(6)]) }), "conflict");
    expect(error.details.currentVersion).toBe(before.version);
    expect(state()).toEqual(before);
  });

  it("forbids a read-scoped token", async () => {
    const before = state();
    await expectDomainError(() => upload({ actor: reader, version: before.version, file: csvFile([row(7)]) }), "forbidden");
    expect(state()).toEqual(before);
  });

  it("is a not-found for an unknown incident", async () => {
    await expectDomainError(
      () => importAffectedList({ db, actor: editor, slug: "no-such-incident", version: 1, file: csvFile([row(8)]), secret: SECRET }),
      "not-found",
    );
  });
});
