import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { DomainError, fieldError } from "@/domain/errors";
import type { Said } from "@/domain/said";
import { type FieldError, parseInput } from "@/domain/input";
import type { Locale } from "@/i18n/locales";
import { COLLECTION_NAMES } from "@/domain/record/collections";
import type { IncidentRecord } from "@/domain/record/record";
import { shapeTexts } from "@/domain/record/shape-texts";
import { type TranslationChange, fieldsOf, isTranslated, itemsByRef, localeSchema, ownText, translationProblems, translationsBody, type RecordTranslations, type TranslationInput, entryOf } from "@/domain/record/translation";
import type { Store, Tx } from "../store/store";
import { recordIn } from "../read/incident";
import { incident, translation } from "../schema";
import { type IncidentRow, assertCanWrite, mutateIncident } from "./mutate";

type Ids = Record<(typeof COLLECTION_NAMES)[number], number[]>;
type Stored = { text: string; original: boolean; quote: boolean };

/** The part of the record a change names, and its row id; an error in the editor's words when there is none. */
function holderOf(e: TranslationChange, current: IncidentRow, record: IncidentRecord, ids: Ids): { holder: object; subjectId: number } | Said {
  if (e.subject === "incident") return e.id === undefined ? { holder: record.incident, subjectId: current.id } : { key: "problems.translation.noId" };
  // The shape's words, by path ("roles/recipient/label"), are the incident's own: one holder, no id.
  if (e.subject === "shape") return e.id === undefined ? { holder: Object.fromEntries(record.affectedShape ? shapeTexts(record.affectedShape) : []), subjectId: current.id } : { key: "problems.translation.noId" };
  const index = e.id === undefined ? -1 : ids[e.subject].indexOf(e.id);
  const items: readonly object[] = record[e.subject];
  const holder = items[index];
  return holder ? { holder, subjectId: e.id ?? 0 } : { key: "problems.translation.noItem", values: { items: { key: `editor.collections.${e.subject}.many` }, id: e.id ?? "—" } };
}

function problemOf(e: TranslationChange, holder: object): Said | null {
  // Clearing is always allowed, so a word that is gone can still be cleared.
  if (e.subject === "shape") return e.text !== null && ownText(holder, e.field) === null ? { key: "problems.translation.notShapeWord", values: { field: e.field, fields: Object.keys(holder).join(", ") || "—" } } : null;
  if (!isTranslated(e.subject, e.field)) return { key: "problems.translation.notText", values: { field: e.field, fields: fieldsOf(e.subject).join(", ") } };
  if (e.text !== null && ownText(holder, e.field) === null) return { key: "problems.translation.empty", values: { field: e.field } };
  return null;
}

/** Writes one field's version in `locale`, or removes it; gives what it was and what it is, for the audit. */
async function write(tx: Tx, incidentId: number, locale: Locale, subjectId: number, e: TranslationChange): Promise<{ before: Stored | null; after: Stored | null }> {
  const where = and(eq(translation.subject, e.subject), eq(translation.subjectId, subjectId), eq(translation.field, e.field), eq(translation.locale, locale));
  const found = await tx.select().from(translation).where(where).get();
  const before = found ? { text: found.text, original: found.original, quote: found.quote } : null;
  if (e.text === null) {
    await tx.delete(translation).where(where).run();
    return { before, after: null };
  }
  const after = { text: e.text, original: e.original, quote: e.quote };
  // The incident's row is locked for the write, so no other writer adds this row meanwhile.
  if (found) await tx.update(translation).set(after).where(eq(translation.id, found.id)).run();
  else await tx.insert(translation).values({ incidentId, subject: e.subject, subjectId, field: e.field, locale, ...after }).run();
  return { before, after };
}

/** How the audit trail names a version: its text, and what it is when more than our translation. */
const said = (v: Stored | null) => (v === null ? null : `${v.text}${v.original ? " [the source's own wording]" : ""}${v.quote ? " [quote]" : ""}`);

/**
 * The one verb that sets and clears translations: each entry names a field of the incident or of
 * one of its items, in one language; all or nothing, on the incident's version, with one audit
 * entry that says the language and each field before and after.
 */
export async function setTranslations({ store, actor, slug, locale: asked, input }: { store: Store; actor: Actor; slug: string; locale: unknown; input: unknown }) {
  assertCanWrite(actor);
  const locale = parseInput(localeSchema, asked, { name: () => "language" });
  const { version, entries } = parseInput(translationsBody, input);
  return mutateIncident(store, actor, slug, version, async (tx, current) => {
    if (current.textLocale === locale) throw new DomainError("invalid", { key: "problems.translation.sameLanguage", values: { slug, lang: locale } });
    const { record, ids } = await recordIn(tx, current);
    const errors: FieldError[] = [];
    const places = entries.map((e, i) => {
      const found = holderOf(e, current, record, ids);
      const problem = "key" in found ? found : problemOf(e, found.holder);
      if (problem) errors.push(fieldError(`entries.${i}`, problem));
      return "key" in found ? null : found.subjectId;
    });
    if (errors.length) throw new DomainError("invalid", { key: "problems.translation.nothingSaved", values: { list: errors.map((e) => ({ key: "problems.fieldSaid", values: { field: e.field, message: e.said ?? e.message } })) } }, { errors });
    const before: Record<string, string | null> = { locale };
    const after: Record<string, string | null> = { locale };
    for (const [i, e] of entries.entries()) {
      const subjectId = places[i] ?? current.id;
      const done = await write(tx, current.id, locale, subjectId, e);
      const name = e.subject === "incident" || e.subject === "shape" ? `${e.subject}.${e.field}` : `${e.subject}.${subjectId}.${e.field}`;
      before[name] = said(done.before);
      after[name] = said(done.after);
    }
    return { action: "update", entity: "translations", entityId: null, before, after, result: { slug, locale } };
  });
}

/**
 * A record's translations written with it (the seed, import:incident), inside the import's own
 * transaction and audit entry: checked first, so a translation of nothing stops the import.
 */
export async function insertTranslations(tx: Tx, incidentId: number, translations: RecordTranslations): Promise<void> {
  const row = await tx.select().from(incident).where(eq(incident.id, incidentId)).get();
  if (!row) throw new Error(`no incident ${incidentId} to translate`);
  const textLocale = localeSchema.parse(row.textLocale);
  const { record, ids } = await recordIn(tx, row);
  for (const [locale, t] of Object.entries(translations)) {
    const lang = localeSchema.parse(locale);
    if (!t) continue;
    const problems = translationProblems(record, textLocale, lang, t);
    const first = problems[0];
    if (first) throw new DomainError("invalid", { key: "problems.translation.importProblem", values: { lang, path: first.path.join(".") || "—", message: first.message } });
    const put = async (subject: string, subjectId: number, fields: Record<string, TranslationInput>) => {
      for (const [field, value] of Object.entries(fields)) await tx.insert(translation).values({ incidentId, subject, subjectId, field, locale: lang, ...entryOf(value) }).run();
    };
    await put("incident", incidentId, t.incident ?? {});
    await put("shape", incidentId, t.shape ?? {});
    for (const c of COLLECTION_NAMES) {
      const items = itemsByRef(record, c);
      for (const [ref, fields] of Object.entries(t[c] ?? {})) {
        const index = items.get(ref)?.index;
        const id = index === undefined ? undefined : ids[c][index];
        if (id !== undefined) await put(c, id, fields);
      }
    }
  }
}
