import { z } from "zod";
import { LOCALES, type Locale } from "@/i18n/locales";
import type { COLLECTIONS} from "./collections";
import { COLLECTION_NAMES, type Collection, collectionOf } from "./collections";
import { incidentVersion, text } from "./common";
import type { IncidentRecord } from "./record";
import { shapeTexts } from "./shape-texts";

/** What a translation belongs to: the incident's own fields, an item of a collection, or the words of its affected list's shape (shape-texts.ts). */
export type TextSubject = "incident" | Collection;
export type TranslationSubject = TextSubject | "shape";
export const TRANSLATION_SUBJECTS = ["incident", ...COLLECTION_NAMES, "shape"] as const satisfies readonly TranslationSubject[];

type TextKeys<T> = { [K in keyof T]-?: T[K] extends string | null ? (string extends T[K] ? K : never) : never }[keyof T] & string;
type ItemOf<C extends Collection> = z.output<(typeof COLLECTIONS)[C]["schema"]>;

/**
 * The fields written in a language, which may each have a version in another: the record's words,
 * not names as published (a source's title, publisher, author; a provider, service or model) nor
 * keys. Typed by each schema, so a field that is not text, or not there, does not compile.
 */
export const TRANSLATED_FIELDS: { incident: ReadonlyArray<TextKeys<IncidentRecord["incident"]>> } & { [C in Collection]: ReadonlyArray<TextKeys<ItemOf<C>>> } = {
  incident: ["title", "kind", "summary", "impact", "cause", "attackNote", "contextTitle"],
  updates: ["body"],
  events: ["title", "detail"],
  sources: ["note"],
  figures: ["value", "unit", "label", "note"],
  durations: ["label", "countedBy", "method", "note"],
  findings: ["assessor", "statement"],
  reactions: ["who", "affiliation", "statement"],
  recommendations: ["text"],
  context: ["topic", "statement"],
};

/** Fields that are always someone's words: their original stands beside every translation. */
export const QUOTED_FIELDS: Partial<Record<TranslationSubject, readonly string[]>> = { reactions: ["statement"] };

export const fieldsOf = (subject: TextSubject): readonly string[] => TRANSLATED_FIELDS[subject];
export const isTranslated = (subject: TextSubject, field: string): boolean => fieldsOf(subject).includes(field);
export const isQuotedField = (subject: TranslationSubject, field: string): boolean => QUOTED_FIELDS[subject]?.includes(field) ?? false;

/**
 * One field's text in one language. `original`: these are the source's own words (the article's
 * Russian), and the record's own text is translated from them. `quote`: someone's words, shown
 * beside each translation of them. A plain string is a translation of ours, neither.
 */
export const translationEntry = z.union([
  text,
  z.strictObject({ text, original: z.boolean().default(false), quote: z.boolean().default(false) }),
]);
export type TranslationEntry = { text: string; original: boolean; quote: boolean };
export type TranslationInput = z.output<typeof translationEntry>;
export const entryOf = (value: TranslationInput): TranslationEntry => (typeof value === "string" ? { text: value, original: false, quote: false } : value);

const fieldsEntries = z.record(z.string(), translationEntry);
/** An item as a translation names it: its key in a keyed collection (events, durations), else its place from 0 ("3"). */
const itemsEntries = z.record(z.string(), fieldsEntries);

/** One language's versions of a record's texts, as the seed, the export and an import write them. */
// fromEntries forgets which schema stands under which name; the type says it again.
export const localeTranslationSchema = z.strictObject({
  incident: fieldsEntries.optional(),
  ...Object.fromEntries(COLLECTION_NAMES.map((c) => [c, itemsEntries.optional()])),
  shape: fieldsEntries.optional(),
} as { incident: z.ZodOptional<typeof fieldsEntries>; shape: z.ZodOptional<typeof fieldsEntries> } & Record<Collection, z.ZodOptional<typeof itemsEntries>>);
export type LocaleTranslation = z.output<typeof localeTranslationSchema>;

export const localeSchema = z.enum(LOCALES, { error: `one of ${LOCALES.join(", ")}` });
/** Every language's versions, by language; the record's own language has none. */
export const recordTranslationsSchema = z.partialRecord(localeSchema, localeTranslationSchema);
export type RecordTranslations = z.output<typeof recordTranslationsSchema>;

/**
 * How a translation names an item: its key (events, durations), a source's number, or else its
 * place among the collection's items as the record lists them, from 0.
 */
export function itemRef(c: Collection, item: object, index: number): string {
  const keyOf = collectionOf(c).key;
  const number: unknown = c === "sources" ? new Map(Object.entries(item)).get("number") : undefined;
  return keyOf ? keyOf(item) : typeof number === "number" ? String(number) : String(index);
}

/** The items of a collection by the name a translation gives them. */
export function itemsByRef(record: IncidentRecord, c: Collection): Map<string, { index: number; item: object }> {
  const items: readonly object[] = record[c];
  return new Map(items.map((item, index) => [itemRef(c, item, index), { index, item }]));
}

/** A field's own text in the record (in its own language); null when it has none. */
export function ownText(holder: object, field: string): string | null {
  const value: unknown = new Map(Object.entries(holder)).get(field);
  return typeof value === "string" ? value : null;
}

export type TranslationProblem = { path: string[]; message: string };

function fieldProblems(subject: TextSubject, holder: object, fields: Record<string, unknown>, at: string[]): TranslationProblem[] {
  return Object.keys(fields).flatMap((field) => {
    if (!isTranslated(subject, field)) return [{ path: [...at, field], message: `"${field}" is not a text field that can be translated here (those are: ${fieldsOf(subject).join(", ")})` }];
    if (ownText(holder, field) === null) return [{ path: [...at, field], message: `"${field}" is empty in the record, so there is nothing to translate` }];
    return [];
  });
}

/** A shape's word a translation names that the shape does not have. */
export function shapeWordProblem(record: IncidentRecord, path: string): string | null {
  if (!record.affectedShape) return "the record has no affected list, so its shape has no words to translate";
  const words = shapeTexts(record.affectedShape);
  return words.has(path) ? null : `"${path}" is not a word of the affected list's shape (those are: ${[...words.keys()].join(", ")})`;
}
const shapeProblems = (record: IncidentRecord, fields: Record<string, unknown>): TranslationProblem[] =>
  Object.keys(fields).flatMap((path) => {
    const message = shapeWordProblem(record, path);
    return message ? [{ path: ["shape", path], message }] : [];
  });

/** What a language's translations name that the record does not have: a field, an item, a text; and a translation into the record's own language. */
export function translationProblems(record: IncidentRecord, textLocale: Locale, locale: Locale, t: LocaleTranslation): TranslationProblem[] {
  if (locale === textLocale) return [{ path: [], message: `the record is written in "${locale}" already; a translation is into another language` }];
  const problems = [...fieldProblems("incident", record.incident, t.incident ?? {}, ["incident"]), ...shapeProblems(record, t.shape ?? {})];
  for (const c of COLLECTION_NAMES) {
    const items = itemsByRef(record, c);
    for (const [ref, fields] of Object.entries(t[c] ?? {})) {
      const found = items.get(ref);
      const one = collectionOf(c).names.one;
      const how = collectionOf(c).key ? `no ${one} with the key "${ref}"` : c === "sources" ? `no source [${ref}]` : `no ${one} at place ${ref} (counted from 0; there are ${items.size})`;
      if (!found) problems.push({ path: [c, ref], message: how });
      else problems.push(...fieldProblems(c, found.item, fields, [c, ref]));
    }
  }
  return problems;
}

/** One field's translation as the API and the editor set it: `text` null clears it. An item is named by its row id (GET /api/v1/incidents/{slug} gives each). */
export const translationChange = z.strictObject({
  subject: z.enum(TRANSLATION_SUBJECTS),
  id: z.number().int().positive().optional().describe("the item's id; left out for the incident's own fields"),
  field: z.string(),
  text: text.nullable().describe("the text in this language; null clears the translation"),
  original: z.boolean().default(false).describe("these are the source's own words, and the record's text is translated from them"),
  quote: z.boolean().default(false).describe("someone's words: the original stands beside each translation"),
});
export type TranslationChange = z.output<typeof translationChange>;

/** PUT /api/v1/incidents/{slug}/translations/{locale}: the version the change is based on and the fields it sets or clears. */
export const translationsBody = z.strictObject({ version: incidentVersion, entries: z.array(translationChange).min(1).max(2000) });
