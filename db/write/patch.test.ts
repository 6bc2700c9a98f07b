import { describe, expect, it } from "vitest";
import { testDatabase } from "@/tests/support/test-database";
import type { Actor } from "@/domain/access";
import { readForEditing } from "../read/editor";
import { addItem, patchItem } from "./collections";
import { createIncident } from "./incident";

// The editor's save of an item: a patch of the fields its author changed, the rest as stored when
// the change is made, checked whole.

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const store = testDatabase("patch");
let made = 0;

/** An incident of its own with a source, two events and an interval between them. */
function incidentWithInterval(): string {
  const slug = `patch-${++made}`;
  createIncident({ db: store.db, actor: editor, input: { slug, title: "Storage outage", summary: "S", provider: "P", service: "Q", status: "investigating", impact: "I", cause: "C" } });
  const add = (collection: "sources" | "events" | "durations", item: object) => addItem({ db: store.db, actor: editor, slug, collection, input: { version: readForEditing(slug, store.db).version, item } });
  add("sources", { number: 1, publisher: "Example", title: "Status page", author: null, publishedOn: "2026-12-01", url: null, note: null });
  for (const [key, at] of [["start", "2026-12-01T14:02Z"], ["fixed", "2026-12-01T14:38Z"]]) add("events", { key, at, precision: "minute", phase: "response", title: key, detail: "As **seen**.", cites: [1] });
  add("durations", { key: "outage", label: "Outage", role: null, countedBy: "Us", method: "Between the two.", note: null, contests: null, cites: [1], kind: "interval", from: "start", to: "fixed" });
  return slug;
}

const itemOf = (slug: string, collection: "events" | "durations", key: string) => {
  const found = readForEditing(slug, store.db).items[collection].find((i) => i.key === key);
  if (!found) throw new Error(`no ${collection} ${key}`);
  return found;
};
const patch = (slug: string, collection: "events" | "durations", id: number, changes: Record<string, unknown>) =>
  patchItem({ db: store.db, actor: editor, slug, collection, id, input: { version: readForEditing(slug, store.db).version, changes } });

describe("patchItem", () => {
  it("changes the fields it names and keeps every other as stored", () => {
    const slug = incidentWithInterval();
    const { id, ...before } = itemOf(slug, "events", "start");
    patch(slug, "events", id, { title: "Uploads start failing" });
    const { id: _same, ...after } = itemOf(slug, "events", "start");
    expect(after).toEqual({ ...before, title: "Uploads start failing" });
  });

  it("drops what belonged to the duration's old kind when its kind changes", () => {
    const slug = incidentWithInterval();
    const { id } = itemOf(slug, "durations", "outage");
    patch(slug, "durations", id, { kind: "stated", statedMinutes: 36, approximate: true });
    const { id: _id, ...after } = itemOf(slug, "durations", "outage");
    expect(after).toMatchObject({ kind: "stated", statedMinutes: 36, approximate: true, label: "Outage", cites: [1] });
    expect(after).not.toHaveProperty("from");
    expect(after).not.toHaveProperty("to");
  });

  it("refuses a field the item does not have, a value its schema refuses, and an item there is not, and writes nothing", () => {
    const slug = incidentWithInterval();
    const { id } = itemOf(slug, "events", "start");
    const version = readForEditing(slug, store.db).version;
    for (const changes of [{ colour: "red" }, { at: "yesterday" }]) {
      expect(() => patch(slug, "events", id, changes)).toThrow(expect.objectContaining({ code: "invalid" }));
    }
    expect(() => patch(slug, "events", 999_999, { title: "x" })).toThrow(/No events item 999999/);
    expect(readForEditing(slug, store.db).version).toBe(version);
  });
});

describe("an item's key", () => {
  it("is refused when another item of its collection has it, with a free one suggested, on add and on edit", () => {
    const slug = incidentWithInterval();
    const version = () => readForEditing(slug, store.db).version;
    const again = { key: "start", at: "2026-12-01T15:00Z", precision: "minute", phase: "response", title: "Again", detail: null, cites: [1] };
    expect(() => addItem({ db: store.db, actor: editor, slug, collection: "events", input: { version: version(), item: again } })).toThrow('Another event of this incident has the key "start": write another, e.g. "start-2".');
    const { id } = itemOf(slug, "events", "fixed");
    expect(() => patch(slug, "events", id, { key: "start" })).toThrow(/key "start"/);
    patch(slug, "events", id, { key: "fixed" });
    expect(itemOf(slug, "events", "fixed").id).toBe(id);
  });
});
