import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { LOCALES } from "@/i18n/locales";
import { sayIn } from "./say-in";
import { type Naming, issueSaid, issueSentences } from "./validation";
import { COLLECTION_NAMES, COLLECTIONS } from "./record/collections";
import { incidentChanges, incidentInput } from "./record/incident";
import { itemBody } from "./record/edits";
import { incidentRecord } from "./record/record";
import { incidentNaming, itemNaming, recordNaming } from "./record/naming";
import { decimalText, positiveDecimalText } from "./record/common";

// Every issue the record's schemas can raise, said in words a person understands in each language:
// never zod's own phrases, never a key left unsaid, always the field's own name where it has one.

const RAW = /expected|received|>=|<=|Invalid input|Too small|Too big|Unrecognized|validation\.|editor\.|problems\./i;
/** Text an input may hold: short enough that it cannot spell a raw phrase itself, so every one found is ours. */
const word = fc.stringMatching(/^[a-z0-9 :.\-]{0,6}$/);
const anything = fc.anything({ key: word, values: [word, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined)] });

function sentences(schema: z.ZodType, input: unknown, naming: Naming): string[] {
  const parsed = schema.safeParse(input);
  if (parsed.success) return [];
  return LOCALES.flatMap((locale) => issueSentences(parsed.error.issues, input, naming).map(({ said }) => sayIn(locale, said)));
}

const said = (schema: z.ZodType, input: unknown, naming: Naming, locale: "en" | "ru" = "en") => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => sayIn(locale, issueSaid(issue, input, naming)));
};

/** Values of every kind zod tells apart, and the ones the record's fields take. */
const value = fc.oneof(
  anything,
  fc.constantFrom("", " ", "x", "2026-09-09", "2026-09-09T14:05Z", "not-a-date", "https://example.org/a b", "ftp://x", "Model Offline", "interval", "stated", "minute", "none"),
  fc.integer({ min: -3, max: 3 }),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.oneof(fc.integer({ min: -2, max: 5 }), word), { maxLength: 3 }),
);

/** An object with some of the keys a schema knows, each holding any value, and maybe one it does not. */
const objectFor = (keys: readonly string[]) =>
  fc.tuple(fc.subarray([...keys]), fc.array(value, { minLength: keys.length, maxLength: keys.length }), fc.option(fc.stringMatching(/^[a-z]{1,6}$/)))
    .map(([picked, values, extra]) => Object.fromEntries([...picked.map((k, i) => [k, values[i]]), ...(extra ? [[extra, 1]] : [])]));

const keysOf = (schema: z.ZodType): string[] => {
  const def = schema as unknown as { shape?: Record<string, unknown>; options?: Array<{ shape: Record<string, unknown> }> };
  return [...new Set([...Object.keys(def.shape ?? {}), ...(def.options ?? []).flatMap((o) => Object.keys(o.shape))])];
};

describe("validation messages", () => {
  it("never say zod's own phrases, for any input to any collection's schema, in any language", () => {
    for (const c of COLLECTION_NAMES) {
      const schema = COLLECTIONS[c].schema;
      fc.assert(
        fc.property(objectFor(keysOf(schema)), fc.integer({ min: 1, max: 3 }), (item, version) => {
          for (const s of [...sentences(schema, item, itemNaming(c)), ...sentences(itemBody(c), { version, item }, itemNaming(c))]) expect(s).not.toMatch(RAW);
        }),
        { numRuns: 60 },
      );
    }
  }, 60_000);

  it("never say zod's own phrases for the incident, a whole record, or any value at all", () => {
    fc.assert(
      fc.property(objectFor(keysOf(incidentInput)), anything, (incident, any) => {
        const all = [
          ...sentences(incidentInput, incident, incidentNaming),
          ...sentences(incidentChanges, incident, incidentNaming),
          ...sentences(incidentRecord, { incident, events: [any], sources: any }, recordNaming),
          ...sentences(positiveDecimalText, any, { name: () => "id" }),
        ];
        for (const s of all) expect(s).not.toMatch(RAW);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("name the field and say what to do, in the request's language", () => {
    const base = { publisher: "Example", title: "Status page", author: null, publishedOn: "2026-12-01", url: null, note: null, number: 1 };
    const sources = COLLECTIONS.sources.schema;
    expect(said(sources, { ...base, title: "  " }, itemNaming("sources"))).toEqual(['Write something in "Title".']);
    expect(said(sources, { ...base, title: "  " }, itemNaming("sources"), "ru")).toEqual(["Заполните поле «Заголовок»."]);
    expect(said(sources, { ...base, number: undefined }, itemNaming("sources"), "ru")).toEqual(["Не хватает поля «Номер»: укажите его."]);
    expect(said(sources, { ...base, number: "1" }, itemNaming("sources"))).toEqual(['"Number" takes a number, such as 12.']);
    expect(said(sources, { ...base, publishedOn: "1 Dec" }, itemNaming("sources"), "ru")).toEqual(["В поле «Дата публикации» нужна дата в виде ГГГГ-ММ-ДД, например 2026-09-09."]);
    expect(said(sources, { ...base, url: "ftp://x" }, itemNaming("sources"))).toEqual(['"URL" takes an absolute http or https address, such as https://example.org/report.']);
    expect(said(sources, { ...base, url: "https://example.org/a b" }, itemNaming("sources"))[0]).toContain("https://example.org/a%20b");
    expect(said(sources, { ...base, extra: 1 }, itemNaming("sources"), "ru")).toEqual(["Поля «extra» здесь нет; уберите его."]);
  });

  it("say choices, formats, and the schemas' own rules in words", () => {
    const event = { key: "start", at: "2026-12", precision: "minute", phase: "response", title: "Start", detail: null, cites: [1] };
    const events = COLLECTIONS.events.schema;
    expect(said(events, { ...event, at: "2026-12-01T10:00Z", phase: "later" }, itemNaming("events"), "ru")[0]).toMatch(/^Для поля «Фаза» выберите одно из значений: background, warning/);
    expect(said(events, { ...event, at: "2026-12-01T10:00Z", key: "Start Here" }, itemNaming("events"))).toEqual(['"Key" takes lower-case words joined by hyphens, such as model-offline.']);
    expect(said(events, event, itemNaming("events"), "ru")).toEqual(["«2026-12» — это не время UTC с точностью до минуты, например 2026-09-09T14:05Z."]);
    expect(said(events, { ...event, at: "2026-12-01T10:00Z", cites: [] }, itemNaming("events"))).toEqual(['Tick at least one source in "Cites": every fact cites one.']);
    const duration = { key: "d", label: "D", role: null, countedBy: "Us", method: "M", note: null, contests: null, cites: [1], kind: "later" };
    expect(said(COLLECTIONS.durations.schema, duration, itemNaming("durations"))).toEqual(['Choose one of these for "Kind": interval, stated.']);
    expect(said(decimalText, "010", { name: () => "version" })).toEqual(['Write "version" in plain decimal digits, such as 12: no sign, leading zero, space, point or exponent.']);
    expect(said(positiveDecimalText, "0", { name: () => "id" }, "ru")).toEqual(["В поле «id» нужно число не меньше 1."]);
  });
});
