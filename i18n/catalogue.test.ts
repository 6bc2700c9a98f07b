import { type MessageFormatElement, TYPE, parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { CATALOGUES, flatMessages } from "./catalogue";
import { LOCALES } from "./locales";

// Every language's catalogue has every key English has and no other, each message parses as ICU,
// uses the same arguments, and a count is said with every plural form the language needs
// (Russian: one, few, many; "1 инцидент, 2 инцидента, 5 инцидентов, 21 инцидент").


function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if ("value" in e && typeof e.value === "string" && e.type !== TYPE.literal) into.add(e.value);
    if ("options" in e) for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    if ("children" in e) argumentsOf(e.children, into);
  }
  return into;
}

function pluralForms(elements: MessageFormatElement[], into: string[][] = []): string[][] {
  for (const e of elements) {
    if (e.type === TYPE.plural) into.push(Object.keys(e.options).sort());
    if ("options" in e) for (const option of Object.values(e.options)) pluralForms(option.value, into);
    if ("children" in e) pluralForms(e.children, into);
  }
  return into;
}

const NEEDED: Record<string, string[]> = { en: ["one", "other"], ru: ["few", "many", "one", "other"] };
const english = flatMessages(CATALOGUES.en);

describe("the catalogues", () => {
  for (const locale of LOCALES) {
    const own = flatMessages(CATALOGUES[locale]);
    it(`${locale}: has every key English has, and none it lacks`, () => {
      expect([...english.keys()].filter((k) => !own.has(k))).toEqual([]);
      expect([...own.keys()].filter((k) => !english.has(k))).toEqual([]);
    });
    it(`${locale}: every message is ICU, with English's arguments, and every count in all its plural forms`, () => {
      for (const [key, message] of own) {
        const parsed = parse(message);
        expect([...argumentsOf(parsed)].sort(), `${locale} ${key}`).toEqual([...argumentsOf(parse(english.get(key) ?? ""))].sort());
        for (const forms of pluralForms(parsed)) for (const form of NEEDED[locale] ?? []) expect(forms, `${locale} ${key}`).toContain(form);
      }
    });
  }
});
