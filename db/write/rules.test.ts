import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ENGINES, testStores } from "@/tests/support/stores";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { readForEditing } from "../read/editor";
import { auditEntry } from "../schema";
import { addItem, updateItem } from "./collections";
import { createIncident } from "./incident";

// The rules a whole record keeps (domain/record/checks.ts), in the verbs, so every writer gets them.

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const kit = testStores("rules", { seed: false });

const event = (key: string, at: string) => ({ key, at, precision: "minute", phase: "response", title: key, detail: null, cites: [1] });
const interval = (from: string, to: string) => ({ key: "outage", label: "Outage", role: null, countedBy: "Us", method: "Between the two.", note: null, contests: null, cites: [1], kind: "interval", from, to });

async function refusal(work: () => Promise<unknown>): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("the write was accepted");
}

describe.each(ENGINES)("on %s", (engine) => {
  const store = () => kit.store(engine);
  const audits = async () => (await store().q.select({ n: count() }).from(auditEntry).get())?.n ?? 0;
  const version = async (slug: string) => (await readForEditing(slug, store())).version;

  describe("an interval ends after it starts", () => {
    it("is refused when a duration is written backwards, naming the To event, and nothing is written", async () => {
      await createIncident({ store: store(), actor: editor, input: { slug: "storage", title: "Storage outage", summary: "S", provider: "P", service: "Q", status: "investigating", impact: "I", cause: "C" } });
      const source = { number: 1, publisher: "Example", title: "Status page", author: null, publishedOn: "2026-12-01", url: null, note: null };
      await addItem({ store: store(), actor: editor, slug: "storage", collection: "sources", input: { version: await version("storage"), item: source } });
      await addItem({ store: store(), actor: editor, slug: "storage", collection: "events", input: { version: await version("storage"), item: event("start", "2026-12-01T14:02Z") } });
      await addItem({ store: store(), actor: editor, slug: "storage", collection: "events", input: { version: await version("storage"), item: event("fixed", "2026-12-01T14:38Z") } });
      const before = await audits();
      const error = await refusal(async () => addItem({ store: store(), actor: editor, slug: "storage", collection: "durations", input: { version: await version("storage"), item: interval("fixed", "start") } }));
      expect(error.code).toBe("invalid");
      expect(error.message).toMatch(/"Outage" would end before it starts: its To event "start" \(1 December 2026, 14:02 UTC\) is before its From event "fixed"/);
      expect(error.details.errors).toMatchObject([{ field: "item.to", message: error.message }]);
      expect(await audits()).toBe(before);
      expect((await readForEditing("storage", store())).record.durations).toEqual([]);
    });

    it("is refused when an event's time is edited later so that an interval would run backwards", async () => {
      await addItem({ store: store(), actor: editor, slug: "storage", collection: "durations", input: { version: await version("storage"), item: interval("start", "fixed") } });
      const fixed = (await readForEditing("storage", store())).items.events.find((e) => e.key === "fixed");
      if (!fixed) throw new Error("no event fixed");
      const before = await audits();
      const error = await refusal(async () =>
        updateItem({ store: store(), actor: editor, slug: "storage", collection: "events", id: fixed.id, input: { version: await version("storage"), item: event("fixed", "2026-12-01T13:00Z") } }),
      );
      expect(error.details.errors).toMatchObject([{ field: "item.at", message: error.message }]);
      expect(await audits()).toBe(before);
      expect((await readForEditing("storage", store())).record.events.find((e) => e.key === "fixed")?.at).toBe("2026-12-01T14:38Z");
    });
  });
});
