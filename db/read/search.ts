import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "@/i18n/locales";
import type { Search } from "@/lib/search-query";
import type { Engine, Tx } from "../store/store";
import { postgresSearch } from "./search-postgres";
import { sqliteSearch } from "./search-sqlite";

/** What each engine's index gives a search (the rest of its SQL is the same on both). */
export type SearchEngine = {
  /** The texts a search matches: tables that name each text's row of search_doc `d`, the match, and its rank (lower is better). */
  texts(search: Search): { from: SQL; where: SQL; rank: SQL };
  /** A condition that `column` is one of `ids`. */
  among(column: SQL, ids: readonly number[]): SQL;
};

const ENGINES: Record<Engine, SearchEngine> = { sqlite: sqliteSearch, postgres: postgresSearch };
/** The search of the engine a body runs on. */
export const searchOf = (tx: Tx): SearchEngine => ENGINES[tx.native.engine];

/**
 * The incidents a search matches, found once for the page's rows and both its counts: its texts in
 * the page's language and the record's own. A page searches the record's own texts and the translations into its language.
 */
export const matchedIncidentsSql = (engine: SearchEngine, search: Search, locale: Locale): SQL => {
  const { from, where } = engine.texts(search);
  return sql`SELECT DISTINCT d.incident_id AS id FROM ${from} WHERE ${where} AND d.locale IN ('', ${locale})`;
};

export async function matchedIncidents(tx: Tx, search: Search, locale: Locale): Promise<number[]> {
  const rows = await tx.rows(z.object({ id: z.number().int() }), matchedIncidentsSql(searchOf(tx), search, locale));
  return rows.map((r) => r.id);
}

const hitRow = z.strictObject({
  kind: z.enum(["incident", "event", "source", "finding"]),
  slug: z.string(),
  ref: z.string(),
  body: z.string(),
  incident: z.string(),
  title: z.string(),
  titleLocale: z.string(),
  locale: z.string(),
});

// One hit per text, best first: where both a text and its translation match, the translation. An
// untranslated title (a source's, as published) is the record's own, in its own language. Every
// match is ranked on narrow columns (ties by row, so pages follow on); only the page's hits are read whole.
export function hitRows(tx: Tx, search: Search, where: SQL, locale: Locale, page: { from: number; size: number }) {
  const texts = searchOf(tx).texts(search);
  return tx.rows(
    hitRow,
    sql`WITH hit AS (
    SELECT d.id AS id, d.incident_id AS incident_id, ${texts.rank} AS rank,
      row_number() OVER (PARTITION BY d.kind, d.subject_id ORDER BY d.locale = '', ${texts.rank}) AS nth
    FROM ${texts.from}
    WHERE ${texts.where} AND d.locale IN ('', ${locale})),
  top AS (SELECT h.id AS id, h.rank AS rank FROM hit h JOIN incident i ON i.id = h.incident_id
    WHERE h.nth = 1 AND ${where} ORDER BY h.rank, h.id LIMIT ${page.size} OFFSET ${page.from})
  SELECT d.kind AS kind, i.slug AS slug, d.ref AS ref, d.body AS body,
    coalesce((SELECT t.text FROM translation t WHERE t.subject = 'incident' AND t.subject_id = i.id AND t.field = 'title' AND t.locale = ${locale}), i.title) AS incident,
    CASE WHEN d.title = '' THEN (SELECT o.title FROM search_doc o WHERE o.kind = d.kind AND o.subject_id = d.subject_id AND o.locale = '') ELSE d.title END AS title,
    CASE WHEN d.title = '' OR d.locale = '' THEN i.text_locale ELSE d.locale END AS "titleLocale",
    CASE WHEN d.locale = '' THEN i.text_locale ELSE d.locale END AS locale
  FROM top JOIN search_doc d ON d.id = top.id JOIN incident i ON i.id = d.incident_id
  ORDER BY top.rank, top.id`,
  );
}
