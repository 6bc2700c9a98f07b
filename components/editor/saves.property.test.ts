import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testDatabase } from "@/tests/support/test-database";
import { readForEditing } from "@/db/read/editor";
import { createIncident, updateIncident } from "@/db/write/incident";
import type { Actor } from "@/domain/access";
import { INCIDENT_STATUSES, SEVERITIES } from "@/domain/record/constants";
import { WAS, patchOf } from "./changed";
import { incidentFormText, incidentFromForm } from "./form-values";

// The editor's save, as its form sends it: every control with its twin holding the stored value,
// the author's changes in some controls, and only the changed fields in the patch the verb gets.

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const store = testDatabase("saves");

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
  it("changes only the fields the author changed, whatever the sequence of saves", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(save, fc.boolean()), { minLength: 1, maxLength: 6 }), (saves) => {
        const slug = `saves-${n++}`;
        createIncident({ db: store.db, actor: editor, input: { slug, title: "T", summary: "S", provider: "P", service: "Q", status: "mitigated", severity: "high", impact: "I", cause: "C", isAttack: false } });
        let previous = incidentFormText(readForEditing(slug, store.db).incident);
        for (const [typed, stale] of saves) {
          const before = readForEditing(slug, store.db);
          const current = incidentFormText(before.incident);
          // A control may still show what the page first drew (a select React did not redraw): its twin says so.
          const drawn = stale ? previous : current;
          const form = sentForm(drawn, typed);
          const { slug: _slug, ...fields } = incidentFromForm(form);
          const changes = patchOf(form, fields);
          if (Object.keys(changes).length) updateIncident({ db: store.db, actor: editor, slug, input: { ...changes, version: before.version } });
          const after = incidentFormText(readForEditing(slug, store.db).incident);
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

  it("sends nothing when nothing was changed, and a field put back as it was is not sent", () => {
    createIncident({ db: store.db, actor: editor, input: { slug: "untouched", title: "T", summary: "S", provider: "P", service: "Q", status: "resolved", impact: "I", cause: "C" } });
    const stored = incidentFormText(readForEditing("untouched", store.db).incident);
    const { slug: _slug, ...fields } = incidentFromForm(sentForm(stored, {}));
    expect(patchOf(sentForm(stored, {}), fields)).toEqual({});
    expect(Object.keys(patchOf(sentForm(stored, { status: "resolved", cause: "C2" }), fields))).toEqual(["cause"]);
  });
});
