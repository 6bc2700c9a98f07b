import { describe, expect, it } from "vitest";
import { COLLECTION_NAMES } from "@/domain/record/collections";
import { TRANSLATED_FIELDS, isTranslated, itemsByRef, ownText } from "@/domain/record/translation";
import { readSeedIncident, shippedSlugs } from "./read";
import { seedTranslations } from "./translations";

const GLM = "glm-5-3-kv-cache-exposure";
const { record } = readSeedIncident(GLM);
const refuse = (files: Array<{ file: string; raw: unknown }>) => () => seedTranslations(GLM, files, record);

describe("the seed's translation files", () => {
  it("reads one file per language into that language's versions", () => {
    const read = seedTranslations(GLM, [{ file: "translations.ru.json", raw: { events: { "leak-begins": { title: "Начало утечки" } } } }], record);
    expect(read).toEqual({ ru: { events: { "leak-begins": { title: "Начало утечки" } } } });
  });

  it("refuses a field that is not translated text, naming the file and the place", () => {
    expect(refuse([{ file: "translations.ru.json", raw: { events: { "leak-begins": { phase: "утечка" } } } }])).toThrow(
      `${GLM}/translations.ru.json at events.leak-begins.phase: "phase" is not a text field that can be translated here (those are: title, detail)`,
    );
    expect(refuse([{ file: "translations.ru.json", raw: { incident: { provider: "Клаудфлэр" } } }])).toThrow(/translations\.ru\.json at incident\.provider: "provider" is not a text field/);
  });

  it("refuses an item the record does not have: a key, a place, a source's number", () => {
    expect(refuse([{ file: "translations.ru.json", raw: { events: { "leak-start": { title: "Начало" } } } }])).toThrow(
      `${GLM}/translations.ru.json at events.leak-start: no event with the key "leak-start"`,
    );
    expect(refuse([{ file: "translations.ru.json", raw: { figures: { "7": { label: "Метка" } } } }])).toThrow(/at figures\.7: no figure at place 7 \(counted from 0; there are 7\)/);
    expect(refuse([{ file: "translations.ru.json", raw: { sources: { "13": { note: "Заметка" } } } }])).toThrow(/at sources\.13: no source \[13\]/);
  });

  it("refuses a translation of a field the record leaves empty, a file of no language of the site, and a malformed entry", () => {
    expect(refuse([{ file: "translations.ru.json", raw: { figures: { "1": { note: "Заметка" } } } }])).toThrow(/at figures\.1\.note: "note" is empty in the record/);
    expect(refuse([{ file: "translations.de.json", raw: {} }])).toThrow(`${GLM}/translations.de.json: not a language of this site other than the record's own`);
    expect(refuse([{ file: "translations.en.json", raw: {} }])).toThrow(/translations\.en\.json: not a language/);
    expect(refuse([{ file: "translations.ru.json", raw: { events: { "leak-begins": { title: { text: "Начало", origin: true } } } } }])).toThrow(/translations\.ru\.json at events\.leak-begins\.title/);
    expect(refuse([{ file: "translations.ru.json", raw: { timeline: {} } }])).toThrow(/translations\.ru\.json: Unrecognized key: "timeline"/);
  });
});

describe.each(shippedSlugs())("the shipped incident %s in Russian", (slug) => {
  const seed = readSeedIncident(slug);
  const ru = seed.translations.ru ?? {};

  it("has a Russian version of every text it has", () => {
    const missing = Object.entries(seed.record.incident).flatMap(([field]) =>
      isTranslated("incident", field) && ownText(seed.record.incident, field) !== null && !ru.incident?.[field] ? [`incident.${field}`] : [],
    );
    for (const c of COLLECTION_NAMES) {
      for (const [ref, { item }] of itemsByRef(seed.record, c)) {
        for (const field of TRANSLATED_FIELDS[c]) if (ownText(item, field) !== null && !ru[c]?.[ref]?.[field]) missing.push(`${c}.${ref}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
