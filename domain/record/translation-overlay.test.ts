import { describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { noteOf, notesOf, overlayRecord } from "./translation-overlay";
import type { RecordTranslations } from "./translation";

// GLM-5.3's record is written in English from a Russian article; ChatGPT's in English, translated.
const glm = readSeedIncident("glm-5-3-kv-cache-exposure");
const chatgpt = readSeedIncident("chatgpt-redis-py-cross-user-exposure");

describe("the record in the reader's language", () => {
  it("shows a translation in Russian, says it is one and from which language, with the English one click away", () => {
    const ru = overlayRecord(chatgpt.record, "en", chatgpt.translations, "ru");
    expect(ru.incident.title).toBe(chatgpt.translations.ru?.incident?.title);
    expect(noteOf(ru.incident, "summary")).toEqual({ state: "translated", lang: "ru", from: "en", original: chatgpt.record.incident.summary, quote: false });
    expect(ru.events[0]?.title).not.toBe(chatgpt.record.events[0]?.title);
    expect(noteOf(ru.events[0] ?? {}, "title")).toMatchObject({ state: "translated", from: "en" });
  });

  it("sets a quote's original beside its translation: a reaction's statement, in either direction", () => {
    const ru = overlayRecord(chatgpt.record, "en", chatgpt.translations, "ru");
    expect(noteOf(ru.reactions[0] ?? {}, "statement")).toMatchObject({ state: "translated", quote: true, original: chatgpt.record.reactions[0]?.statement });
    const en = overlayRecord(glm.record, "en", glm.translations, "en");
    const russian = glm.translations.ru?.reactions?.["0"]?.statement;
    expect(en.reactions[0]?.statement).toBe(glm.record.reactions[0]?.statement);
    expect(noteOf(en.reactions[0] ?? {}, "statement")).toEqual({ state: "translated", lang: "en", from: "ru", original: typeof russian === "object" ? russian.text : null, quote: true });
  });

  it("gives the source's own wording as it is, and labels the English made from it as translated from Russian", () => {
    const ru = overlayRecord(glm.record, "en", glm.translations, "ru");
    const weights = glm.record.events.findIndex((e) => e.key === "weights-published");
    expect(ru.events[weights]?.detail).toMatch(/^Весовые коэффициенты/);
    expect(noteOf(ru.events[weights] ?? {}, "detail")).toEqual({ state: "own", lang: "ru" });
    const en = overlayRecord(glm.record, "en", glm.translations, "en");
    expect(en.events[weights]?.detail).toBe(glm.record.events[weights]?.detail);
    expect(noteOf(en.events[weights] ?? {}, "detail")).toMatchObject({ state: "translated", from: "ru", original: expect.stringMatching(/^Весовые коэффициенты/), quote: false });
    // Our own words in English are the original: nothing to say of them on the English page.
    expect(noteOf(en.incident, "summary")).toEqual({ state: "own", lang: "en" });
    expect(noteOf(ru.incident, "summary")).toMatchObject({ state: "translated", from: "en" });
  });

  it("falls back to the record's language where a translation is missing, labelled, never blank", () => {
    const { impact: _cleared, ...incident } = chatgpt.translations.ru?.incident ?? {};
    const without: RecordTranslations = { ru: { ...chatgpt.translations.ru, incident } };
    const ru = overlayRecord(chatgpt.record, "en", without, "ru");
    expect(ru.incident.impact).toBe(chatgpt.record.incident.impact);
    expect(noteOf(ru.incident, "impact")).toEqual({ state: "fallback", lang: "en", page: "ru" });
    const bare = overlayRecord(chatgpt.record, "en", {}, "ru");
    expect(notesOf(bare).every((n) => n.state === "fallback" && n.lang === "en")).toBe(true);
    expect(notesOf(bare).length).toBeGreaterThan(50);
  });

  it("keeps what is not text as it is, and the notes out of JSON and out of a copy's keys", () => {
    const ru = overlayRecord(chatgpt.record, "en", chatgpt.translations, "ru");
    expect(ru.events.map((e) => e.at)).toEqual(chatgpt.record.events.map((e) => e.at));
    expect(ru.incident.provider).toBe(chatgpt.record.incident.provider);
    expect(Object.keys(JSON.parse(JSON.stringify(ru.incident))).sort()).toEqual(Object.keys(chatgpt.record.incident).sort());
    expect(noteOf({ ...ru.events[1] }, "detail")).toMatchObject({ state: "translated" });
    expect(noteOf(chatgpt.record.incident, "title")).toBeNull();
  });
});
