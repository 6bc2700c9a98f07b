import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { AffectedSummary } from "@/domain/record/affected";
import type { Collection } from "@/domain/record/collections";
import { type IncidentRecord, incidentRecord } from "@/domain/record/record";
import { readLiveList } from "../affected/summary";
import { type AffectedShape, storedShape } from "@/domain/record/affected-shape";
import type { Store, Tx } from "../store/store";
import { incident } from "../schema";
import { citationsOf, incidentFields, readItems } from "./items";
import { plainTranslations, translationRows } from "./translations";
import { DEFAULT_LOCALE, type Locale, isLocale } from "@/i18n/locales";
import type { RecordTranslations } from "@/domain/record/translation";
import { overlayRecord } from "@/domain/record/translation-overlay";

/** One incident as stored: the record in its plain form, the row id of each item, its list's counts. */
export type StoredIncident = {
  id: number;
  slug: string;
  published: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
  record: IncidentRecord;
  /** Row ids, item for item in the order of `record`'s collections (the editor addresses items by them). */
  ids: Record<Collection, number[]>;
  /** The live affected list's counts; null when no list has been published. */
  affected: { rows: boolean; summary: AffectedSummary } | null;
  /** The language of the record's own texts; `record` is overlaid in `locale` when one was asked for (translation-overlay.ts). */
  textLocale: Locale;
  locale: Locale | null;
  /** The translations read: into `locale` and the originals, or every one when asked for all; none otherwise. */
  translations: RecordTranslations;
};

/** What a read brings besides the record: a language to show it in, or every translation (the export, the editor). */
/** linkOriginals: for a page, a published incident's originals as places in its incident.json (translation-overlay.ts). */
export type ReadOptions = { drafts?: boolean; locale?: Locale; translations?: "all"; linkOriginals?: boolean };

/** An incident's record in its plain form as this transaction sees it (a write's own changes included), and its items' row ids. */
export async function recordIn(tx: Tx, row: typeof incident.$inferSelect): Promise<{ record: IncidentRecord; ids: Record<Collection, number[]> }> {
  const cites = await citationsOf(tx, row.id);
  const items = await readItems(tx, row.id, cites, row.slug);
  // zod at the boundary: what the tables hold must still be a valid record.
  const affectedShape: unknown = row.affectedShape === null ? null : JSON.parse(row.affectedShape);
  return { record: incidentRecord.parse({ incident: { ...incidentFields(row), cites: cites("incident", row.id) }, affectedShape, ...items.record }), ids: items.ids };
}

/**
 * The one read of a record: every page, export and the editor take an incident from here. One read
 * transaction, so it is one version of the record; a published one unless `drafts`. The affected
 * list arrives as its counts only. With `locale`, its texts are in that language where translated.
 */
export function readIncident(store: Store, slug: string, options: ReadOptions = {}): Promise<StoredIncident | null> {
  return store.read((tx) => readIncidentIn(tx, slug, options));
}

/** readIncident inside a body that has its transaction already: the record as that transaction sees it. */
export async function readIncidentIn(tx: Tx, slug: string, { drafts = false, locale, translations: which, linkOriginals = false }: ReadOptions = {}): Promise<StoredIncident | null> {
  const row = await tx
    .select()
    .from(incident)
    .where(drafts ? eq(incident.slug, slug) : and(eq(incident.slug, slug), eq(incident.published, true)))
    .get();
  if (!row) return null;
  const { record, ids } = await recordIn(tx, row);
  const live = await readLiveList(tx, row.id);
  const textLocale = isLocale(row.textLocale) ? row.textLocale : DEFAULT_LOCALE;
  const asked = which ?? locale;
  const translations = asked ? plainTranslations(await translationRows(tx, row.id, asked), record, ids) : {};
  return {
    id: row.id,
    slug: row.slug,
    published: row.published,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    record: locale ? overlayRecord(record, textLocale, translations, locale, { originalsOf: linkOriginals && row.published ? { slug: row.slug, updatedAt: row.updatedAt } : undefined }) : record,
    ids,
    affected: live ? { rows: live.rows, summary: live.summary } : null,
    textLocale,
    locale: locale ?? null,
    translations,
  };
}

/** The incidents, by title: published ones, or with `drafts` every one, as editors and tokens see them. */
export function listIncidents(tx: Tx, { drafts = false } = {}) {
  return tx
    .select({ slug: incident.slug, title: incident.title, published: incident.published, version: incident.version, updatedAt: incident.updatedAt })
    .from(incident)
    .where(drafts ? undefined : eq(incident.published, true))
    // Equal titles in the order they were made, on either engine.
    .orderBy(asc(incident.title), asc(incident.id))
    .all();
}

/** Every published incident as stored, by title, in one snapshot; only those of `slugs`, when given. */
export function readPublished(store: Store, slugs?: ReadonlySet<string>): Promise<StoredIncident[]> {
  return store.read(async (tx) => {
    const found: StoredIncident[] = [];
    for (const i of await listIncidents(tx)) {
      if (slugs && !slugs.has(i.slug)) continue;
      const one = await readIncidentIn(tx, i.slug);
      if (one) found.push(one);
    }
    return found;
  });
}

/** An incident's affected-list shape, drafts included, without reading its record: undefined when there is no such incident, null when it has no shape. */
export async function readAffectedShape(tx: Tx, slug: string): Promise<AffectedShape | null | undefined> {
  const row = await tx.select({ shape: incident.affectedShape }).from(incident).where(eq(incident.slug, slug)).get();
  if (!row) return undefined;
  return storedShape(row.shape);
}
