import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteStore } from "@/db/store/sqlite";
import type { Store } from "@/db/store/store";
import { testDatabase } from "@/tests/support/test-database";
import { readForEditing } from "@/db/read/editor";
import { createIncident, updateIncident } from "@/db/write/incident";
import type { Actor } from "@/domain/access";
import { addItem, patchItem } from "@/db/write/collections";
import { COLLECTIONS } from "@/domain/record/collections";
import { INCIDENT_STATUSES, PHASES, SEVERITIES } from "@/domain/record/constants";
import { WAS, patchOf } from "./changed";
import { changedFields, formValueOf, readItemForm, zoneName } from "./fields";
import { incidentFormText, incidentFromForm } from "./form-values";

// The editor's save, as its form sends it: every control with its twin holding the stored value,
// the author's changes in some controls, and only the changed fields in the patch the verb gets.

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const t = testDatabase("saves");
// The form's rules over the engine-neutral verbs: one engine is enough here (the verbs run on both in db/write).
let opened: Store | undefined;
beforeAll(() => {
  opened = sqliteStore(t.file);
});
afterAll(() => opened?.close());
const store = (): Store => {
  if (!opened) throw new Error("the store opens in beforeAll");
  return opened;
};

const words = fc.stringMatching(/^[A-Za-z][A-Za-z .,]{0,20}$/).map((s) => s.trim()).filter((s) => s.length > 0);
/** What an author may put in each control, as the control sends it. */
const CONTROLS: Record<string, fc.Arbitrary<string>> = {
  title: words,
  summary: words,
  provider: words,
  service: words,
  model: fc.oneof(fc.constant(""), words),
  kind: fc.oneof(fc.constant(""), words),
  status: fc.constantFrom(...INCIDENT_STATUSES),
  severity: fc.constantFrom("", ...SEVERITIES),
  impact: words,
  cause: words,
  isAttack: fc.constantFrom("", "yes", "no"),
  attackNote: fc.oneof(fc.constant(""), words),
  contextTitle: fc.oneof(fc.constant(""), words),
};
const save = fc.dictionary(fc.constantFrom(...Object.keys(CONTROLS)), fc.constant(null), { minKeys: 1, maxKeys: 4 }).chain((picked) =>
  fc.record(Object.fromEntries(Object.keys(picked).map((name) => [name, CONTROLS[name] ?? words]))),
);

/** The form as the page draws it from the stored incident, then as the author leaves it. */
function sentForm(stored: Record<string, string>, typed: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(stored)) {
    form.set(WAS + name, value);
    form.set(name, typed[name] ?? value);
  }
  return form;
}

let n = 0;
describe("a save through the editor's form", () => {
  it("changes only the fields the author changed, whatever the sequence of saves", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(save, fc.boolean()), { minLength: 1, maxLength: 6 }), async (saves) => {
        const slug = `saves-${n++}`;
        await createIncident({ store: store(), actor: editor, input: { slug, title: "T", summary: "S", provider: "P", service: "Q", status: "mitigated", severity: "high", impact: "I", cause: "C", isAttack: false } });
        let previous = incidentFormText((await readForEditing(slug, store())).incident);
        for (const [typed, stale] of saves) {
          const before = await readForEditing(slug, store());
          const current = incidentFormText(before.incident);
          // A control may still show what the page first drew (a select React did not redraw): its twin says so.
          const drawn = stale ? previous : current;
          const form = sentForm(drawn, typed);
          const { slug: _slug, ...fields } = incidentFromForm(form);
          const changes = patchOf(form, fields);
          if (Object.keys(changes).length) await updateIncident({ store: store(), actor: editor, slug, input: { ...changes, version: before.version } });
          const after = incidentFormText((await readForEditing(slug, store())).incident);
          for (const name of Object.keys(current)) {
            const touched = typed[name] !== undefined && typed[name] !== drawn[name];
            expect(after[name], name).toBe(touched ? typed[name] : current[name]);
          }
          previous = current;
        }
      }),
      { numRuns: 60 },
    );
  });

  it("sends nothing when nothing was changed, and a field put back as it was is not sent", async () => {
    await createIncident({ store: store(), actor: editor, input: { slug: "untouched", title: "T", summary: "S", provider: "P", service: "Q", status: "resolved", impact: "I", cause: "C" } });
    const stored = incidentFormText((await readForEditing("untouched", store())).incident);
    const { slug: _slug, ...fields } = incidentFromForm(sentForm(stored, {}));
    expect(patchOf(sentForm(stored, {}), fields)).toEqual({});
    expect(Object.keys(patchOf(sentForm(stored, { status: "resolved", cause: "C2" }), fields))).toEqual(["cause"]);
  });
});

/** An item's form as the page draws it from the stored item (each control with its twin), then as the author leaves it. */
function sentItemForm(collection: "events" | "durations", stored: Record<string, unknown>, typed: Record<string, string>): FormData {
  const form = new FormData();
  for (const spec of COLLECTIONS[collection].fields) {
    const drawn = formValueOf(spec, stored[spec.name]);
    // As item-form.tsx draws them: a twin only for a field the stored item has.
    if (spec.name in stored) form.set(WAS + spec.name, drawn);
    if (spec.kind === "time") form.set(WAS + zoneName(spec), "UTC");
    if (spec.kind === "time") form.set(zoneName(spec), "UTC");
    const value = typed[spec.name] ?? drawn;
    if (spec.kind === "cites") for (const n of value.split(" ").filter(Boolean)) form.append(spec.name, n);
    else if (spec.kind !== "checkbox" || value === "on") form.set(spec.name, value);
  }
  return form;
}

const EVENT_CONTROLS: Record<string, fc.Arbitrary<string>> = { title: words, detail: fc.oneof(fc.constant(""), words), phase: fc.constantFrom(...PHASES), at: fc.constantFrom("2026-12-01 14:02", "2026-12-01T15:30Z", "16:45") };
const itemSave = fc.dictionary(fc.constantFrom(...Object.keys(EVENT_CONTROLS)), fc.constant(null), { minKeys: 1, maxKeys: 3 }).chain((picked) =>
  fc.record(Object.fromEntries(Object.keys(picked).map((name) => [name, EVENT_CONTROLS[name] ?? words]))),
);

describe("an item's save through the editor's form", () => {
  it("changes only the fields the author changed, the rest as stored when the verb runs", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(itemSave, { minLength: 1, maxLength: 5 }), async (saves) => {
        const slug = `item-saves-${n++}`;
        await createIncident({ store: store(), actor: editor, input: { slug, title: "T", summary: "S", provider: "P", service: "Q", status: "mitigated", impact: "I", cause: "C" } });
        const add = async (collection: "sources" | "events", item: object) => addItem({ store: store(), actor: editor, slug, collection, input: { version: (await readForEditing(slug, store())).version, item } });
        await add("sources", { number: 1, publisher: "Example", title: "Status page", author: null, publishedOn: "2026-12-01", url: null, note: null });
        await add("events", { key: "start", at: "2026-12-01T14:02Z", precision: "minute", phase: "response", title: "Start", detail: "As seen.", cites: [1] });
        for (const typed of saves) {
          const before = await readForEditing(slug, store());
          const [{ id, ...stored } = { id: 0 }] = before.items.events;
          const form = sentItemForm("events", stored, typed);
          const { item } = readItemForm("events", form);
          const changes = changedFields("events", form, item);
          if (Object.keys(changes).length) await patchItem({ store: store(), actor: editor, slug, collection: "events", id, input: { version: before.version, changes } });
          const [{ id: _id, ...after } = { id: 0 }] = (await readForEditing(slug, store())).items.events;
          for (const spec of COLLECTIONS.events.fields) {
            const typedValue = typed[spec.name];
            const touched = typedValue !== undefined && typedValue !== formValueOf(spec, stored[spec.name]);
            expect(after[spec.name], spec.name).toEqual(touched ? item[spec.name] : stored[spec.name]);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("a duration's kind changed through the editor's form", () => {
  it("saves the new kind's fields, its checkbox unticked included, and drops the old kind's", async () => {
    const slug = `kind-${n++}`;
    await createIncident({ store: store(), actor: editor, input: { slug, title: "T", summary: "S", provider: "P", service: "Q", status: "mitigated", impact: "I", cause: "C" } });
    const add = async (collection: "sources" | "events" | "durations", item: object) => addItem({ store: store(), actor: editor, slug, collection, input: { version: (await readForEditing(slug, store())).version, item } });
    await add("sources", { number: 1, publisher: "Example", title: "Status page", author: null, publishedOn: "2026-12-01", url: null, note: null });
    for (const [key, at] of [["a", "2026-12-01T14:02Z"], ["b", "2026-12-01T14:38Z"]]) await add("events", { key, at, precision: "minute", phase: "response", title: key, detail: null, cites: [1] });
    await add("durations", { key: "outage", label: "Outage", role: null, countedBy: "Us", method: "Between.", note: null, contests: null, cites: [1], kind: "interval", from: "a", to: "b" });
    const before = await readForEditing(slug, store());
    const [{ id, ...stored } = { id: 0 }] = before.items.durations;
    const form = sentItemForm("durations", stored, { kind: "stated", statedMinutes: "36" });
    const { item } = readItemForm("durations", form);
    await patchItem({ store: store(), actor: editor, slug, collection: "durations", id, input: { version: before.version, changes: changedFields("durations", form, item) } });
    const [{ id: _id, ...after } = { id: 0 }] = (await readForEditing(slug, store())).items.durations;
    expect(after).toMatchObject({ kind: "stated", statedMinutes: 36, approximate: false, label: "Outage" });
    expect(after).not.toHaveProperty("from");
  });
});
