import { describe, expect, it } from "vitest";
import { publicChangeLines } from "./changes";
import { translationChangeLine } from "./translation-changes";

const entry = { at: "2026-12-03T10:00:00Z", action: "update" as const, entity: "translations", before: '{"locale":"ru","incident.title":null}', after: '{"locale":"ru","incident.title":"Заголовок","events.3.detail":"Подробности"}' };

describe("a change of a translation, as readers and editors are told of it", () => {
  it("names the language and counts the texts, in the reader's language", () => {
    expect(translationChangeLine(entry)).toBe("Translation into Russian changed (2 texts)");
    expect(translationChangeLine(entry, "ru")).toBe("Изменён перевод на русский (2 текста)");
    expect(translationChangeLine({ ...entry, entity: "events" })).toBeNull();
  });

  it("is a line of its own on the public changes page", () => {
    expect(publicChangeLines([entry, entry], "en").map((l) => l.summary)).toEqual(["Translation into Russian changed (2 texts)", "Translation into Russian changed (2 texts)"]);
  });
});
