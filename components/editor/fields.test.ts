import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { type Collection, COLLECTION_NAMES, COLLECTIONS, perCollection } from "@/domain/record/collections";
import { formValueOf, itemFromForm } from "@/components/editor/fields";

const { record } = readSeedIncident("glm-5-3-kv-cache-exposure");
const seedItems: Record<Collection, ReadonlyArray<Record<string, unknown>>> = perCollection((c) => record[c]);

/** The form a browser would send for an item drawn into the editor's controls, untouched. */
function asForm(collection: Collection, item: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const spec of COLLECTIONS[collection].fields) {
    const value = formValueOf(spec, item[spec.name]);
    if (spec.kind !== "checkbox") form.set(spec.name, value);
    else if (value === "on") form.set(spec.name, value);
  }
  return form;
}

describe("the editor's item forms", () => {
  it("describe every field each collection's schema has, and no other", () => {
    for (const collection of COLLECTION_NAMES) {
      const names = new Set<string>(COLLECTIONS[collection].fields.map((f) => f.name));
      const schema = COLLECTIONS[collection].schema;
      const shapes = "options" in schema ? schema.options.map((o) => o.shape) : [schema.shape];
      const wanted = new Set(shapes.flatMap((s) => Object.keys(s)));
      expect([...names].sort(), collection).toEqual([...wanted].sort());
    }
  });

  it("give back every shipped item unchanged when it is saved without an edit", () => {
    for (const collection of COLLECTION_NAMES) {
      for (const item of seedItems[collection]) {
        const read = itemFromForm(collection, asForm(collection, item));
        expect(COLLECTIONS[collection].schema.parse(read), `${collection} ${JSON.stringify(item)}`).toEqual(item);
      }
    }
  });

  it("keep any text an editor types, Markdown and markup included, apart from surrounding blanks", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (typed) => {
        const item = { ...seedItems.findings[0], statement: typed };
        const read = itemFromForm("findings", asForm("findings", item));
        expect(read.statement).toBe(typed.trim());
      }),
    );
  });

  it("leave an empty number missing instead of reading it as 0", () => {
    const form = asForm("sources", { ...seedItems.sources[1], number: undefined });
    expect(itemFromForm("sources", form).number).toBeUndefined();
    expect(COLLECTIONS.sources.schema.safeParse(itemFromForm("sources", form)).success).toBe(false);
  });

  it("make a key left empty from the title (an event's) or the label (a duration's), and keep one written", () => {
    const event = asForm("events", { ...seedItems.events[0], key: "", title: "Uploads start failing (EU)" });
    expect(itemFromForm("events", event).key).toBe("uploads-start-failing-eu");
    event.set("key", "mine");
    expect(itemFromForm("events", event).key).toBe("mine");
    const duration = asForm("durations", { ...seedItems.durations[0], key: "", label: "Exposure window" });
    expect(itemFromForm("durations", duration).key).toBe("exposure-window");
  });

  it("send only the fields of the duration's kind", () => {
    const form = asForm("durations", seedItems.durations.find((d) => d.kind === "interval") ?? {});
    form.set("statedMinutes", "90");
    expect(Object.keys(itemFromForm("durations", form))).not.toContain("statedMinutes");
    form.set("kind", "stated");
    expect(Object.keys(itemFromForm("durations", form))).not.toContain("from");
    expect(itemFromForm("durations", form).statedMinutes).toBe(90);
  });
});

describe("source addresses", () => {
  it("are web addresses only: no script or inline data behind a source link", () => {
    const base = { ...seedItems.sources[0] };
    for (const url of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x", "file:///etc/passwd"]) {
      expect(COLLECTIONS.sources.schema.safeParse({ ...base, url }).success, url).toBe(false);
    }
    expect(COLLECTIONS.sources.schema.safeParse({ ...base, url: "https://blog.cloudflare.com/x" }).success).toBe(true);
  });
});
