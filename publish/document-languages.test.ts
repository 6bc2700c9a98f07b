import { describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { SCHEMA_VERSION, importableDocumentSchema } from "@/domain/record/document";
import { buildDocument } from "./document";
import { incidentFile } from "./files";

// incident.json carries the record in its own language and every translation beside it; the HTML
// and Markdown of an address in Russian are the record in Russian.
const seed = readSeedIncident("chatgpt-redis-py-cross-user-exposure");
const stored = { record: seed.record, updatedAt: "2026-12-01T00:00:00.000Z", affected: null, textLocale: "en" as const, translations: seed.translations };

describe("an export in two languages", () => {
  it("holds the translations beside the record, and an import reads them back as they were", () => {
    const json = JSON.parse(incidentFile(stored, "incident.json", "en").body);
    expect(json.schemaVersion).toBe(SCHEMA_VERSION);
    expect(json.record.incident.title).toBe(seed.record.incident.title);
    expect(json.textLocale).toBe("en");
    const read = importableDocumentSchema.parse(json);
    expect(read.translations).toEqual(seed.translations);
  });

  it("leaves both out for a record with no translation, as before", () => {
    const plain = buildDocument({ ...stored, translations: {} });
    expect("translations" in plain || "textLocale" in plain).toBe(false);
  });

  it("refuses a document whose translation names what its record does not have", () => {
    const json = JSON.parse(incidentFile(stored, "incident.json", "en").body);
    json.translations.ru.events = { nowhere: { title: "Нигде" } };
    const issues = importableDocumentSchema.safeParse(json).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues).toContain('translations.ru.events.nowhere: no event with the key "nowhere"');
  });

  it("renders the HTML and the Markdown in the address's language", () => {
    const ru = seed.translations.ru?.incident?.title;
    expect(typeof ru).toBe("string");
    expect(incidentFile(stored, "index.html", "ru").body).toContain(String(ru));
    expect(incidentFile(stored, "postmortem.md", "ru").body).toContain(String(ru));
    expect(incidentFile(stored, "index.html", "en").body).not.toContain(String(ru));
  });
});
