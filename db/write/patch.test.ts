import { describe, expect, it } from "vitest";
import { ENGINES, testStores } from "@/tests/support/stores";
import type { Actor } from "@/domain/access";
import { readForEditing } from "../read/editor";
import { addItem, patchItem } from "./collections";
import { createIncident } from "./incident";

// The editor's save of an item: a patch of the fields its author changed, the rest as stored when
// the change is made, checked whole.

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const kit = testStores("patch", { seed: false });

describe.each(ENGINES)("on %s", (engine) => {
  const store = () => kit.store(engine);
  let made = 0;

  /** An incident of its own with a source, two events and an interval between them. */
  async function incidentWithInterval(): Promise<string> {
    const slug = `patch-${++made}`;
    await createIncident({ store: store(), actor: editor, input: { slug, title: "Storage outage", summary: "S", provider: "P", service: "Q", status: "investigating", impact: "I", cause: "C" } });
    const add = async (collection: "sources" | "events" | "durations", item: object) => addItem({ store: store(), actor: editor, slug, collection, input: { version: (await readForEditing(slug, store())).version, item } });
    await add("sources", { number: 1, publisher: "Example", title: "Status page", author: null, publishedOn: "2026-12-01", url: null, note: null });
    for (const [key, at] of [["start", "2026-12-01T14:02Z"], ["fixed", "2026-12-01T14:38Z"]]) await add("events", { key, at, precision: "minute", phase: "response", title: key, detail: "As **seen**.", cites: [1] });
    await add("durations", { key: "outage", label: "Outage", role: null, countedBy: "Us", method: "Between the two.", note: null, contests: null, cites: [1], kind: "interval", from: "start", to: "fixed" });
    return slug;
  }

  const itemOf = async (slug: string, collection: "events" | "durations", key: string) => {
    const found = (await readForEditing(slug, store())).items[collection].find((i) => i.key === key);
    if (!found) throw new Error(`no ${collection} ${key}`);
    return found;
  };
  const patch = async (slug: string, collection: "events" | "durations", id: number, changes: Record<string, unknown>) =>
    patchItem({ store: store(), actor: editor, slug, collection, id, input: { version: (await readForEditing(slug, store())).version, changes } });

  describe("patchItem", () => {
    it("changes the fields it names and keeps every other as stored", async () => {
      const slug = await incidentWithInterval();
      const { id, ...before } = await itemOf(slug, "events", "start");
      await patch(slug, "events", id, { title: "Uploads start failing" });
      const { id: _same, ...after } = await itemOf(slug, "events", "start");
      expect(after).toEqual({ ...before, title: "Uploads start failing" });
    });

    it("drops what belonged to the duration's old kind when its kind changes", async () => {
      const slug = await incidentWithInterval();
      const { id } = await itemOf(slug, "durations", "outage");
      await patch(slug, "durations", id, { kind: "stated", statedMinutes: 36, approximate: true });
      const { id: _id, ...after } = await itemOf(slug, "durations", "outage");
      expect(after).toMatchObject({ kind: "stated", statedMinutes: 36, approximate: true, label: "Outage", cites: [1] });
      expect(after).not.toHaveProperty("from");
      expect(after).not.toHaveProperty("to");
    });

    it("refuses a field the item does not have, a value its schema refuses, and an item there is not, and writes nothing", async () => {
      const slug = await incidentWithInterval();
      const { id } = await itemOf(slug, "events", "start");
      const version = (await readForEditing(slug, store())).version;
      for (const changes of [{ colour: "red" }, { at: "yesterday" }]) {
        await expect(patch(slug, "events", id, changes)).rejects.toThrow(expect.objectContaining({ code: "invalid" }));
      }
      await expect(patch(slug, "events", 999_999, { title: "x" })).rejects.toThrow(/No events item 999999/);
      expect((await readForEditing(slug, store())).version).toBe(version);
    });
  });

  describe("an item's key", () => {
    it("is refused when another item of its collection has it, with a free one suggested, on add and on edit", async () => {
      const slug = await incidentWithInterval();
      const version = async () => (await readForEditing(slug, store())).version;
      const again = { key: "start", at: "2026-12-01T15:00Z", precision: "minute", phase: "response", title: "Again", detail: null, cites: [1] };
      await expect(addItem({ store: store(), actor: editor, slug, collection: "events", input: { version: await version(), item: again } })).rejects.toThrow('Another event of this incident has the key "start": write another, e.g. "start-2".');
      const { id } = await itemOf(slug, "events", "fixed");
      await expect(patch(slug, "events", id, { key: "start" })).rejects.toThrow(/key "start"/);
      await patch(slug, "events", id, { key: "fixed" });
      expect((await itemOf(slug, "events", "fixed")).id).toBe(id);
    });
  });
});
