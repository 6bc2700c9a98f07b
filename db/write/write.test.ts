import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { type Db, openDatabase } from "../client";
import { readEnv } from "@/config/env";
import { lookupIncident } from "@/lookup/rows";
import { prepareDatabase } from "../prepare";
import { listIncidents, readIncident } from "../read/incident";
import { auditEntry } from "../schema";
import { addItem, removeItem, updateItem } from "./collections";
import { createIncident, setPublished, updateIncident } from "./incident";

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const reader: Actor = { kind: "token", id: 1, name: "ci-read", scope: "read" };
const anonymous: Actor = { kind: "anonymous" };

let dir: string;
let db: Db;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-write-"));
  const file = path.join(dir, "a.db");
  await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: "w".repeat(40) }), seed: false });
  db = openDatabase(file);
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const audits = () => db.select({ n: count() }).from(auditEntry).get()?.n ?? 0;
const base = {
  title: "Queue outage",
  summary: "Jobs stalled.",
  provider: "Example",
  service: "Queues",
  model: null,
  status: "resolved",
  severity: null,
  impact: "Jobs were delayed.",
  cause: "A full disk.",
  isAttack: false,
  attackNote: null,
  contextTitle: null,
};

function expectDomainError(work: () => unknown, code: DomainError["code"]) {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    return error as DomainError;
  }
  throw new Error(`expected a ${code} error`);
}

describe("access is checked in the verbs themselves", () => {
  it("refuses anonymous writers and read-scoped tokens, writing nothing", () => {
    const before = audits();
    expectDomainError(() => createIncident({ db, actor: anonymous, input: { ...base, slug: "x" } }), "unauthenticated");
    expectDomainError(() => createIncident({ db, actor: reader, input: { ...base, slug: "x" } }), "forbidden");
    expect(audits()).toBe(before);
  });
});

describe("a draft, edited and published", () => {
  it("is invisible to readers, the lookup and the exports until published, and again after unpublishing", () => {
    const created = createIncident({ db, actor: editor, input: { ...base, slug: "queue-outage" } });
    expect(created).toEqual({ slug: "queue-outage", version: 1, published: false });
    const hidden = () => {
      expect(readIncident(db, "queue-outage")).toBeNull();
      expect(listIncidents(db).map((i) => i.slug)).not.toContain("queue-outage");
      expect(lookupIncident(db, "queue-outage")).toBeNull();
    };
    hidden();
    const { version } = setPublished({ db, actor: editor, slug: "queue-outage", input: { version: 1 }, published: true });
    expect(readIncident(db, "queue-outage")?.record.incident.title).toBe("Queue outage");
    setPublished({ db, actor: editor, slug: "queue-outage", input: { version }, published: false });
    hidden();
  });

  it("refuses a stale edit with 409 and the current version, changing nothing", () => {
    createIncident({ db, actor: editor, input: { ...base, slug: "stale" } });
    updateIncident({ db, actor: editor, slug: "stale", input: { version: 1, title: "First" } });
    const before = audits();
    const error = expectDomainError(() => updateIncident({ db, actor: editor, slug: "stale", input: { version: 1, title: "Second" } }), "conflict");
    expect(error.details.currentVersion).toBe(2);
    expect(audits()).toBe(before);
  });

  it("leaves exactly one audit entry per mutation, with the values before and after", () => {
    let { version } = createIncident({ db, actor: editor, input: { ...base, slug: "audited" } });
    const step = <T extends { version: number }>(work: () => T): T => {
      const before = audits();
      const result = work();
      expect(audits()).toBe(before + 1);
      version = result.version;
      return result;
    };
    const slug = "audited";
    step(() => addItem({ db, actor: editor, slug, collection: "sources", input: { version, item: { number: 1, publisher: "Example", title: "Postmortem", author: null, publishedOn: "2026-10-01", url: null, note: null } } }));
    const start = step(() => addItem({ db, actor: editor, slug, collection: "events", input: { version, item: { key: "start", at: "2026-09-01T10:00Z", precision: "minute", phase: "trigger", title: "Disk full", detail: null, cites: [1] } } }));
    step(() => addItem({ db, actor: editor, slug, collection: "events", input: { version, item: { key: "end", at: "2026-09-01T12:30Z", precision: "minute", phase: "recovery", title: "Space freed", detail: null, cites: [1] } } }));
    step(() => addItem({ db, actor: editor, slug, collection: "durations", input: { version, item: { kind: "interval", key: "outage", label: "Outage", from: "start", to: "end", countedBy: "Example", method: "Logs", note: null, contests: null, cites: [1] } } }));
    step(() => updateItem({ db, actor: editor, slug, collection: "events", id: start.id, input: { version, item: { key: "start", at: "2026-09-01T10:05Z", precision: "minute", phase: "trigger", title: "Disk full", detail: "At 10:05.", cites: [1] } } }));
    step(() => updateIncident({ db, actor: editor, slug, input: { version, cites: [1] } }));
    const last = db.select().from(auditEntry).where(eq(auditEntry.incidentSlug, slug)).all().at(-1);
    expect(last).toMatchObject({ actor: "user:ed@example.com", action: "update", entity: "incident" });
    expect(JSON.parse(last?.before ?? "{}")).toMatchObject({ cites: [] });
    expect(JSON.parse(last?.after ?? "{}")).toMatchObject({ cites: [1] });

    expectDomainError(() => removeItem({ db, actor: editor, slug, collection: "sources", id: 1, input: { version } }), "conflict");
    expectDomainError(() => removeItem({ db, actor: editor, slug, collection: "events", id: start.id, input: { version } }), "conflict");
    expectDomainError(() => addItem({ db, actor: editor, slug, collection: "events", input: { version, item: { key: "bad", at: "2026-09-01", precision: "minute", phase: "trigger", title: "x", detail: null, cites: [1] } } }), "invalid");
    expectDomainError(() => addItem({ db, actor: editor, slug, collection: "figures", input: { version, item: { value: "1", unit: null, label: "x", note: null, cites: [9] } } }), "invalid");
  });

  it("keeps the audit log append-only", () => {
    expect(() => db.$client.prepare("UPDATE audit_entry SET actor = 'someone else'").run()).toThrow(/append-only/);
    expect(() => db.$client.prepare("DELETE FROM audit_entry").run()).toThrow(/append-only/);
  });
});

describe("the verbs' bodies are strict", () => {
  it("refuse an unknown key, an own __proto__ included, naming it and writing nothing", () => {
    const slug = "strict";
    const { version } = createIncident({ db, actor: editor, input: { ...base, slug } });
    const source = { number: 1, publisher: "Example", title: "Postmortem", author: null, publishedOn: "2026-10-01", url: null, note: null };
    const added = addItem({ db, actor: editor, slug, collection: "sources", input: { version, item: source } });
    const current = added.version;
    const before = audits();
    const fields = (work: () => unknown) => expectDomainError(work, "invalid").details.errors?.map((e) => e.field);
    // JSON.parse keeps "__proto__" as an own key, as a request body arrives.
    const polluted: unknown = JSON.parse(`{"__proto__": {"title": "Polluted"}, "version": ${current}}`);
    expect(fields(() => updateIncident({ db, actor: editor, slug, input: polluted }))).toEqual(["__proto__"]);
    expect(fields(() => updateIncident({ db, actor: editor, slug, input: { version: current, published: true } }))).toEqual(["published"]);
    expect(fields(() => setPublished({ db, actor: editor, slug, input: { version: current, force: true }, published: true }))).toEqual(["force"]);
    expect(fields(() => setPublished({ db, actor: editor, slug, input: { version: current, reason: "x" }, published: false }))).toEqual(["reason"]);
    expect(fields(() => addItem({ db, actor: editor, slug, collection: "sources", input: { version: current, item: source, items: [] } }))).toEqual(["items"]);
    expect(fields(() => updateItem({ db, actor: editor, slug, collection: "sources", id: added.id, input: { version: current, item: { ...source, extra: 1 } } }))).toEqual(["item.extra"]);
    expect(fields(() => removeItem({ db, actor: editor, slug, collection: "sources", id: added.id, input: { version: current, cascade: true } }))).toEqual(["cascade"]);
    expect(fields(() => addItem({ db, actor: editor, slug, collection: "sources", input: { version: current } }))).toEqual(["item"]);
    expect(audits()).toBe(before);
  });
});
