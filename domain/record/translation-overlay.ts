import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from "@/i18n/locales";
import { COLLECTION_NAMES, type Collection } from "./collections";
import type { IncidentRecord } from "./record";
import { type TextPlace, textPointer } from "./document";
import type { AffectedShape } from "./affected-shape";
import { mapShapeTexts } from "./shape-texts";
import { type LocaleTranslation, type RecordTranslations, type TranslationEntry, type TranslationInput, type TextSubject, entryOf, fieldsOf, isQuotedField, itemRef, ownText } from "./translation";

/**
 * What a reader is shown of one text, and what to say of it. own: in the page's language as
 * written (the record's own, or the source's original). translated: from `from`, whose `original`
 * is one click away, or beside it when a quote; or where the page fetches it (OverlayOptions):
 * the incident's incident.json and a pointer into it. fallback: no translation yet into `page`, shown in `lang`.
 */
export type FetchedText = { slug: string; updatedAt: string; at: string };
export type TextNote =
  | { state: "own"; lang: Locale }
  | { state: "translated"; lang: Locale; from: Locale; quote: true; original: string }
  | { state: "translated"; lang: Locale; from: Locale; quote: false; original: string | FetchedText }
  | { state: "fallback"; lang: Locale; page: Locale };

/** A part of the record's notes, by field; carried on the part itself, so views that copy it keep them. */
export class TextNotes {
  constructor(private readonly byField: ReadonlyMap<string, TextNote>) {}
  get(field: string): TextNote | null {
    return this.byField.get(field) ?? null;
  }
  values(): TextNote[] {
    return [...this.byField.values()];
  }
}

// A symbol, so the notes never reach JSON (the export, the API) and no schema sees them; object
// spread copies it, so a view that makes an item its own (a timeline event) still carries them.
const NOTES = Symbol("text notes");

/** The note on one of a part's texts in the language it was overlaid in; null for a record read without an overlay. */
export function noteOf(holder: object, field: string): TextNote | null {
  if (!(NOTES in holder)) return null;
  const notes = holder[NOTES];
  return notes instanceof TextNotes ? notes.get(field) : null;
}

const LANGS = Symbol("record languages");
/** A text that rides beside an overlaid record and has no translation of its own (the affected list's note): the language it is in, when that is not the page's; null otherwise. */
export function untranslatedLang(record: IncidentRecord): Locale | null {
  const langs: unknown = LANGS in record ? record[LANGS] : null;
  return typeof langs === "object" && langs !== null && "text" in langs && "page" in langs && langs.text !== langs.page && isLocale(langs.text) ? langs.text : null;
}

/** Every note of a record as overlaid: what the page says of its languages as a whole. */
export function notesOf(record: IncidentRecord): TextNote[] {
  const parts: object[] = [record.incident, ...COLLECTION_NAMES.flatMap((c): readonly object[] => record[c])];
  return parts.flatMap((part) => (NOTES in part && part[NOTES] instanceof TextNotes ? part[NOTES].values() : []));
}

/** A part's notes, to spread into an object a view makes of it (a duration's row, an update's view). */
export const keepNotes = (part: object): object => (NOTES in part && part[NOTES] instanceof TextNotes ? { [NOTES]: part[NOTES] } : {});

/** What a page says of its record's languages: how many texts are translated, from which language, and how many are not yet; null when nothing is to be said. */
/** fetched: the incident whose incident.json holds the originals its page fetches, when it fetches any. */
/** shapeFrom: the language the affected list's words are translated from, when any is (they carry no note of their own). */
export type RecordLanguages = { page: Locale; translated: number; from: Locale | null; fallbacks: number; shapeFrom: Locale | null; fetched: Published | null };
export function languagesOf(record: IncidentRecord): RecordLanguages | null {
  const shape = record.affectedShape && NOTES in record.affectedShape && record.affectedShape[NOTES] instanceof TextNotes ? record.affectedShape[NOTES].values() : [];
  const texts = notesOf(record);
  const notes = [...texts, ...shape];
  const translated = texts.flatMap((n) => (n.state === "translated" ? [n.from] : []));
  const fallbacks = notes.filter((n) => n.state === "fallback").length;
  const shapeFrom = shape.flatMap((n) => (n.state === "translated" ? [n.from] : []))[0] ?? null;
  if (translated.length === 0 && fallbacks === 0 && shapeFrom === null) return null;
  const from = LOCALES.map((l) => ({ l, n: translated.filter((f) => f === l).length })).sort((a, b) => b.n - a.n)[0];
  const page = notes.find((n) => n.state !== "fallback")?.lang ?? notes.flatMap((n) => (n.state === "fallback" ? [n.page] : []))[0] ?? DEFAULT_LOCALE;
  const fetched = notes.flatMap((n) => (n.state === "translated" && typeof n.original !== "string" ? [{ slug: n.original.slug, updatedAt: n.original.updatedAt }] : []))[0] ?? null;
  return { page, translated: translated.length, from: from && from.n > 0 ? from.l : null, fallbacks, shapeFrom, fetched };
}

type Versions = { own: string; locales: ReadonlyMap<Locale, TranslationEntry> };

/**
 * originalsOf: a published incident (its slug and when it last changed), whose page carries a translation's original as
 * its place in incident.json, fetched when opened (a quote's stands beside it, so it stays); an
 * export or a draft's preview, which have no such file to fetch, carry the text.
 */
export type OverlayOptions = { originalsOf?: { slug: string; updatedAt: string } };
type Published = { slug: string; updatedAt: string };
/** Where a page fetches a text's original: the published incident, and the text's place in its incident.json; null when the page carries it. */
type At = { of: Published; pointer: (lang: Locale | "own") => string } | null;

function note(v: Versions, textLocale: Locale, locale: Locale, quoted: boolean, at: At): { text: string; note: TextNote } {
  const originalIn = [...v.locales].find(([, e]) => e.original);
  const original = originalIn ? { lang: originalIn[0], text: originalIn[1].text, quote: originalIn[1].quote, in: originalIn[0] } : { lang: textLocale, text: v.own, quote: false, in: "own" as const };
  const shown = locale === textLocale ? { text: v.own, original: false, quote: false } : v.locales.get(locale);
  if (!shown) return { text: v.own, note: { state: "fallback", lang: textLocale, page: locale } };
  if (shown.original || original.lang === locale) return { text: shown.text, note: { state: "own", lang: locale } };
  const quote = quoted || shown.quote || original.quote;
  const translated = { state: "translated", lang: locale, from: original.lang } as const;
  if (quote) return { text: shown.text, note: { ...translated, quote, original: original.text } };
  return { text: shown.text, note: { ...translated, quote, original: at === null ? original.text : { ...at.of, at: at.pointer(original.in) } } };
}

/** One part (the incident, an item) with its texts in `locale` and its notes attached. */
function overlayPart<T extends object>(part: T, place: TextPlace, versions: (field: string) => ReadonlyMap<Locale, TranslationEntry>, textLocale: Locale, locale: Locale, of: Published | null): T {
  const subject: TextSubject = place.subject;
  const notes = new Map<string, TextNote>();
  const texts: Record<string, string> = {};
  for (const field of fieldsOf(subject)) {
    const own = ownText(part, field);
    if (own === null) continue;
    const shown = note({ own, locales: versions(field) }, textLocale, locale, isQuotedField(subject, field), of && { of, pointer: (lang) => textPointer(place, field, lang) });
    texts[field] = shown.text;
    notes.set(field, shown.note);
  }
  return { ...part, ...texts, [NOTES]: new TextNotes(notes) };
}

/** The shape's words in `locale` where translated, noted for the page's count; they sit in legends and sentences, so no original is one click away. */
function overlayShape(shape: AffectedShape | null, versions: (path: string) => ReadonlyMap<Locale, TranslationEntry>, textLocale: Locale, locale: Locale): AffectedShape | null {
  if (!shape) return null;
  const notes = new Map<string, TextNote>();
  const overlaid = mapShapeTexts(shape, (path, own) => {
    const shown = note({ own, locales: versions(path) }, textLocale, locale, false, null);
    notes.set(path, shown.note);
    return shown.text;
  });
  const noted = { ...overlaid, [NOTES]: new TextNotes(notes) };
  return noted;
}

/** What the translations hold of one part, by field, then by language. */
function versionsOf(translations: RecordTranslations, pick: (t: LocaleTranslation) => Record<string, TranslationInput> | undefined) {
  const byField = new Map<string, Map<Locale, TranslationEntry>>();
  for (const locale of LOCALES) {
    const t = translations[locale];
    for (const [field, entry] of Object.entries((t && pick(t)) ?? {})) byField.set(field, (byField.get(field) ?? new Map<Locale, TranslationEntry>()).set(locale, entryOf(entry)));
  }
  return (field: string): ReadonlyMap<Locale, TranslationEntry> => byField.get(field) ?? new Map();
}

/**
 * The record as a reader of `locale` sees it: each text in that language where there is one, else
 * in the record's own (a fallback), with a note on each saying which it is (noteOf). Pure: the
 * translations come from the one read of the incident (db/read/translations.ts).
 */
export function overlayRecord(record: IncidentRecord, textLocale: Locale, translations: RecordTranslations, locale: Locale, { originalsOf }: OverlayOptions = {}): IncidentRecord {
  const items = <T extends object>(c: Collection, list: readonly T[]): T[] =>
    list.map((item, index) => {
      const ref = itemRef(c, item, index);
      return overlayPart(item, { subject: c, index, ref }, versionsOf(translations, (t) => t[c]?.[ref]), textLocale, locale, originalsOf ?? null);
    });
  const collections = {
    updates: items("updates", record.updates),
    events: items("events", record.events),
    sources: items("sources", record.sources),
    figures: items("figures", record.figures),
    durations: items("durations", record.durations),
    findings: items("findings", record.findings),
    reactions: items("reactions", record.reactions),
    recommendations: items("recommendations", record.recommendations),
    context: items("context", record.context),
  } satisfies Record<Collection, unknown>;
  const affectedShape = overlayShape(record.affectedShape, versionsOf(translations, (t) => t.shape), textLocale, locale);
  const overlaid = { ...record, ...collections, affectedShape, [LANGS]: { text: textLocale, page: locale }, incident: overlayPart(record.incident, { subject: "incident" }, versionsOf(translations, (t) => t.incident), textLocale, locale, originalsOf ?? null) };
  return overlaid;
}
