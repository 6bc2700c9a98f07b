import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { lookupIncident } from "@/lookup/rows";
import { ENGINES, testStores } from "@/tests/support/stores";
import { listIncidents, readIncident } from "../read/incident";
import { auditEntry } from "../schema";
import { addItem, removeItem, updateItem } from "./collections";
import { createIncident, setPublished, updateIncident } from "./incident";
import { DomainError } from "@/domain/errors";
import { expectDomainError } from "@/tests/support/domain-error";

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const reader: Actor = { kind: "token", id: 1, name: "ci-read", scope: "read" };
const anonymous: Actor = { kind: "anonymous" };

const kit = testStores("write", { seed: false });

describe.each(ENGINES)("on %s", (engine) => {
  const store = () => kit.store(engine);
  const audits = async () => (await store().q.select({ n: count() }).from(auditEntry).get())?.n ?? 0;
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


  describe("access is checked in the verbs themselves", () => {
    it("refuses anonymous writers and read-scoped tokens, writing nothing", async () => {
      const before = await audits();
      await expectDomainError(() => createIncident({ store: store(), actor: anonymous, input: { ...base, slug: "x" } }), "unauthenticated");
      await expectDomainError(() => createIncident({ store: store(), actor: reader, input: { ...base, slug: "x" } }), "forbidden");
      expect(await audits()).toBe(before);
    });
  });

  describe("a draft, edited and published", () => {
    it("is invisible to readers, the lookup and the exports until published, and again after unpublishing", async () => {
      const created = await createIncident({ store: store(), actor: editor, input: { ...base, slug: "queue-outage" } });
      expect(created).toEqual({ slug: "queue-outage", version: 1, published: false });
      const hidden = async () => {
        expect(await readIncident(store(), "queue-outage")).toBeNull();
        expect((await listIncidents(store().q)).map((i) => i.slug)).not.toContain("queue-outage");
        expect(await lookupIncident(store().q, "queue-outage")).toBeNull();
      };
      await hidden();
      const { version } = await setPublished({ store: store(), actor: editor, slug: "queue-outage", input: { version: 1 }, published: true });
      expect((await readIncident(store(), "queue-outage"))?.record.incident.title).toBe("Queue outage");
      await setPublished({ store: store(), actor: editor, slug: "queue-outage", input: { version }, published: false });
      await hidden();
    });

    it("refuses a stale edit with 409 and the current version, changing nothing", async () => {
      await createIncident({ store: store(), actor: editor, input: { ...base, slug: "stale" } });
      await updateIncident({ store: store(), actor: editor, slug: "stale", input: { version: 1, title: "First" } });
      const before = await audits();
      const error = await expectDomainError(() => updateIncident({ store: store(), actor: editor, slug: "stale", input: { version: 1, title: "Second" } }), "conflict");
      expect(error.details.currentVersion).toBe(2);
      expect(await audits()).toBe(before);
    });

    it("leaves exactly one audit entry per mutation, with the values before and after", async () => {
      const db = store();
      let { version } = await createIncident({ store: db, actor: editor, input: { ...base, slug: "audited" } });
      const step = async <T extends { version: number }>(work: () => Promise<T>): Promise<T> => {
        const before = await audits();
        const result = await work();
        expect(await audits()).toBe(before + 1);
        version = result.version;
        return result;
      };
      const slug = "audited";
      await step(() => addItem({ store: db, actor: editor, slug, collection: "sources", input: { version, item: { number: 1, publisher: "Example", title: "Postmortem", author: null, publishedOn: "2026-10-01", url: null, note: null } } }));
      const start = await step(() => addItem({ store: db, actor: editor, slug, collection: "events", input: { version, item: { key: "start", at: "2026-09-01T10:00Z", precision: "minute", phase: "trigger", title: "Disk full", detail: null, cites: [1] } } }));
      await step(() => addItem({ store: db, actor: editor, slug, collection: "events", input: { version, item: { key: "end", at: "2026-09-01T12:30Z", precision: "minute", phase: "recovery", title: "Space freed", detail: null, cites: [1] } } }));
      await step(() => addItem({ store: db, actor: editor, slug, collection: "durations", input: { version, item: { kind: "interval", key: "outage", label: "Outage", from: "start", to: "end", countedBy: "Example", method: "Logs", note: null, contests: null, cites: [1] } } }));
      await step(() => updateItem({ store: db, actor: editor, slug, collection: "events", id: start.id, input: { version, item: { key: "start", at: "2026-09-01T10:05Z", precision: "minute", phase: "trigger", title: "Disk full", detail: "At 10:05.", cites: [1] } } }));
      await step(() => updateIncident({ store: db, actor: editor, slug, input: { version, cites: [1] } }));
      const last = (await db.q.select().from(auditEntry).where(eq(auditEntry.incidentSlug, slug)).all()).at(-1);
      expect(last).toMatchObject({ actor: "user:ed@example.com", action: "update", entity: "incident" });
      expect(JSON.parse(last?.before ?? "{}")).toMatchObject({ cites: [] });
      expect(JSON.parse(last?.after ?? "{}")).toMatchObject({ cites: [1] });

      await expectDomainError(() => removeItem({ store: db, actor: editor, slug, collection: "sources", id: 1, input: { version } }), "conflict");
      await expectDomainError(() => removeItem({ store: db, actor: editor, slug, collection: "events", id: start.id, input: { version } }), "conflict");
      await expectDomainError(() => addItem({ store: db, actor: editor, slug, collection: "events", input: { version, item: { key: "bad", at: "2026-09-01", precision: "minute", phase: "trigger", title: "x", detail: null, cites: [1] } } }), "invalid");
      await expectDomainError(() => addItem({ store: db, actor: editor, slug, collection: "figures", input: { version, item: { value: "1", unit: null, label: "x", note: null, cites: [9] } } }), "invalid");
    });

    it("keeps the audit log append-only", async () => {
      await expect(store().q.exec(sql`UPDATE audit_entry SET actor = 'someone else'`)).rejects.toThrow(/append-only/);
      await expect(store().q.exec(sql`DELETE FROM audit_entry`)).rejects.toThrow(/append-only/);
    });
  });

  describe("edits at the same moment", () => {
    it("takes one of ten edits based on the same version and refuses the other nine as stale, with one audit entry", async () => {
      const slug = "racing";
      const { version } = await createIncident({ store: store(), actor: editor, input: { ...base, slug } });
      const before = await audits();
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, n) => updateIncident({ store: store(), actor: editor, slug, input: { version, title: `Title ${n}` } })));
      const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason instanceof DomainError ? o.reason.code : String(o.reason)] : []));
      expect([outcomes.length - refused.length, refused]).toEqual([1, Array(9).fill("conflict")]);
      expect(await audits()).toBe(before + 1);
    });
  });

  describe("the verbs' bodies are strict", () => {
    it("refuse an unknown key, an own __proto__ included, naming it and writing nothing", async () => {
      const db = store();
      const slug = "strict";
      const { version } = await createIncident({ store: db, actor: editor, input: { ...base, slug } });
      const source = { number: 1, publisher: "Example", title: "Postmortem", author: null, publishedOn: "2026-10-01", url: null, note: null };
      const added = await addItem({ store: db, actor: editor, slug, collection: "sources", input: { version, item: source } });
      const current = added.version;
      const before = await audits();
      const fields = async (work: () => Promise<unknown>) => (await expectDomainError(work, "invalid")).details.errors?.map((e) => e.field);
      // JSON.parse keeps "__proto__" as an own key, as a request body arrives.
      const polluted: unknown = JSON.parse(`{"__proto__": {"title": "Polluted"}, "version": ${current}}`);
      expect(await fields(() => updateIncident({ store: db, actor: editor, slug, input: polluted }))).toEqual(["__proto__"]);
      expect(await fields(() => updateIncident({ store: db, actor: editor, slug, input: { version: current, published: true } }))).toEqual(["published"]);
      expect(await fields(() => setPublished({ store: db, actor: editor, slug, input: { version: current, force: true }, published: true }))).toEqual(["force"]);
      expect(await fields(() => setPublished({ store: db, actor: editor, slug, input: { version: current, reason: "x" }, published: false }))).toEqual(["reason"]);
      expect(await fields(() => addItem({ store: db, actor: editor, slug, collection: "sources", input: { version: current, item: source, items: [] } }))).toEqual(["items"]);
      expect(await fields(() => updateItem({ store: db, actor: editor, slug, collection: "sources", id: added.id, input: { version: current, item: { ...source, extra: 1 } } }))).toEqual(["item.extra"]);
      expect(await fields(() => removeItem({ store: db, actor: editor, slug, collection: "sources", id: added.id, input: { version: current, cascade: true } }))).toEqual(["cascade"]);
      expect(await fields(() => addItem({ store: db, actor: editor, slug, collection: "sources", input: { version: current } }))).toEqual(["item"]);
      expect(await audits()).toBe(before);
    });
  });
});
