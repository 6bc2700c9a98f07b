import "server-only";
import { z } from "zod";
import { INCIDENT_STATUSES } from "@/domain/record/constants";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { type Search, ftsQuery, markWords, snippetOf } from "@/lib/search-query";
import type { Db } from "../client";
import { statement } from "../statements";
import { type Filter, type ListedPage, cursorParam, readListedPage } from "./listing";

/** What the front page reads of its address: every part optional, each checked; others (utm_…) are not its to read. */
export const dashboardQuery = z.object({
  q: z.string().trim().max(200, "a search of at most 200 characters").optional(),
  provider: z.string().trim().min(1).max(200).optional(),
  kind: z.string().trim().min(1).max(200).optional(),
  year: z.string().regex(/^\d{4}$/, "a year of four digits, such as 2026").optional(),
  status: z.enum(INCIDENT_STATUSES).optional(),
  /** The page of incidents: older than one cursor, or newer than one (db/read/listing.ts). */
  after: cursorParam.optional(),
  before: cursorParam.optional(),
  /** The page of a search's matches: how many better ones came before it. */
  from: z
    .string()
    .regex(/^\d{1,4}$/, "a whole number of matches to skip, such as 20")
    .transform(Number)
    .optional(),
}).refine((q) => !(q.after && q.before), { message: "a page is older than one incident or newer than one, not both: drop after or before", path: ["before"] });
export type DashboardQuery = z.infer<typeof dashboardQuery>;
/** The address's own text of each part, as links to other pages carry them on. */
export type DashboardAddress = z.input<typeof dashboardQuery>;
/** An address's query as Next and the edge read it: a part given twice is a list. */
export type QueryParams = Record<string, string | string[] | undefined>;

/** The front page's address read: an empty or blank part is "any" (the form sends it so); a repeated one is refused, not picked from. */
export function parseDashboardAddress(params: QueryParams) {
  const given = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && (typeof v !== "string" || v.trim() !== "")));
  return dashboardQuery.safeParse(given);
}

/** The parts of a good address that the page reads, as given and in one order: addresses that differ only otherwise (utm_…, order) show one page. */
export function dashboardKey(params: QueryParams): string {
  const read = Object.keys(dashboardQuery.shape).sort().flatMap((name) => {
    const value = params[name];
    return typeof value === "string" && value.trim() !== "" ? [[name, value]] : [];
  });
  return new URLSearchParams(read).toString();
}

export type Facet = { value: string; count: number };
/** A matching text, its words marked; `locale` is its language, `titleLocale` its title's (a source's title is as published). */
export type SearchHit = { kind: "incident" | "event" | "source" | "finding"; slug: string; incident: string; ref: string; title: string; snippet: string; locale: string; titleLocale: string };

/** Cards on a page of the front page, and matches on a page of a search. */
export const CARDS_PER_PAGE = 6;
export const HITS_PER_PAGE = 10;

// When an incident happened: its earliest event of the incident itself (not its background or
// the warnings before it), as a year; an incident with only such events has no year.
// (kept on the incident's row by every write: db/write/listing.ts).
const YEAR = "i.year";

const facetRow = z.strictObject({ value: z.string(), count: z.number().int() });
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

function facet(db: Db, expression: string): Facet[] {
  const rows = statement(db.$client, `SELECT ${expression} AS value, count(*) AS count FROM incident i WHERE i.published = 1 AND ${expression} IS NOT NULL GROUP BY 1 ORDER BY 1`).all();
  return z.array(facetRow).parse(rows);
}

/** The published incidents that match every filter; a search with no word in it matches nothing rather than everything. */
function filterOf(asked: DashboardQuery, search: ReturnType<typeof ftsQuery>): Filter {
  const where: string[] = [];
  const params: Record<string, string> = {};
  const add = (clause: string, name: string, value: string | undefined) => {
    if (value === undefined) return;
    where.push(clause);
    params[name] = value;
  };
  add("i.provider = :provider", "provider", asked.provider);
  add("i.kind = :kind", "kind", asked.kind);
  add("i.status = :status", "status", asked.status);
  add(`${YEAR} = :year`, "year", asked.year);
  if (asked.q && !search) where.push("0");
  return { where, params };
}

/** The filter's incidents that the search matches too. */
const amongMatched = (filter: Filter, matched: string): Filter => ({
  where: [...filter.where, "i.id IN (SELECT value FROM json_each(:matched))"],
  params: { ...filter.params, matched },
});

// The incidents a search matches, found once for the page's rows and both its counts: each
// matching text (search_stem's rowid) is a row of search_doc, read by primary key. A page searches
// the record's own texts and the translations into its language.
export const MATCHED_INCIDENTS = `SELECT DISTINCT d.incident_id FROM search_stem s JOIN search_doc d ON d.id = s.rowid
  WHERE search_stem MATCH :match AND d.locale IN ('', :locale)`;
function matchedIncidents(db: Db, match: string, locale: Locale): string {
  const ids = z.array(z.number().int()).parse(statement(db.$client, MATCHED_INCIDENTS).pluck().all({ match, locale }));
  return JSON.stringify(ids);
}

// One hit per text, best first: where both a text and its translation match, the translation. An
// untranslated title (a source's, as published) is the record's own, in its own language. Every
// match is ranked on narrow columns (ties by row, so pages follow on); only the page's hits are read whole.
const HITS = (where: string) => `WITH hit AS (
    SELECT d.id AS id, d.incident_id AS incident_id, s.rank AS rank,
      row_number() OVER (PARTITION BY d.kind, d.subject_id ORDER BY d.locale = '', s.rank) AS nth
    FROM search_stem s JOIN search_doc d ON d.id = s.rowid
    WHERE search_stem MATCH :match AND d.locale IN ('', :locale)),
  top AS (SELECT h.id AS id, h.rank AS rank FROM hit h JOIN incident i ON i.id = h.incident_id
    WHERE h.nth = 1 AND ${where} ORDER BY h.rank, h.id LIMIT ${HITS_PER_PAGE + 1} OFFSET :from)
  SELECT d.kind AS kind, i.slug AS slug, d.ref AS ref, d.body AS body,
    coalesce((SELECT t.text FROM translation t WHERE t.subject = 'incident' AND t.subject_id = i.id AND t.field = 'title' AND t.locale = :locale), i.title) AS incident,
    iif(d.title = '', (SELECT o.title FROM search_doc o WHERE o.kind = d.kind AND o.subject_id = d.subject_id AND o.locale = ''), d.title) AS title,
    iif(d.title = '' OR d.locale = '', i.text_locale, d.locale) AS titleLocale,
    iif(d.locale = '', i.text_locale, d.locale) AS locale
  FROM top JOIN search_doc d ON d.id = top.id JOIN incident i ON i.id = d.incident_id
  ORDER BY top.rank, top.id`;

function hitsOf(db: Db, search: Search, filter: Filter, locale: Locale, from: number): SearchHit[] {
  const rows = z.array(hitRow).parse(statement(db.$client, HITS(["i.published = 1", ...filter.where].join(" AND "))).all({ ...filter.params, match: search.query, locale, from }));
  return rows.map(({ body, ...h }) => ({ ...h, title: markWords(h.title, search.words), snippet: snippetOf(body, search.words) }));
}

/**
 * The front page's read in a language: the filters' choices with their counts, one page of the
 * matching incidents (their rows, for the cards to be read for), and one page of the search's hits
 * among them, best first, in the page's language where a translation matched.
 */
export function readDashboard(db: Db, asked: DashboardQuery, locale: Locale = DEFAULT_LOCALE) {
  const search = asked.q ? ftsQuery(asked.q) : null;
  const filter = filterOf(asked, search);
  const listed = search ? amongMatched(filter, matchedIncidents(db, search.query, locale)) : filter;
  const page: ListedPage = readListedPage(db, listed, { after: asked.after, before: asked.before, size: CARDS_PER_PAGE });
  const from = asked.from ?? 0;
  const hits = search ? hitsOf(db, search, filter, locale, from) : [];
  return {
    page,
    hits: hits.slice(0, HITS_PER_PAGE),
    /** How many better hits came before these, and whether there are more after. */
    hitsFrom: from,
    moreHits: hits.length > HITS_PER_PAGE,
    search,
    facets: facetsOf(db),
  };
}
export type Dashboard = ReturnType<typeof readDashboard>;

const facetsOf = (db: Db) => ({ provider: facet(db, "i.provider"), kind: facet(db, "i.kind"), year: facet(db, YEAR), status: facet(db, "i.status") });

/**
 * What a search's page shows changes only if an incident it matches changes (its version), the
 * set it matches does, or the facets do: stamped so, without ranking every matching text as the
 * page itself must (http/edge/stamps.ts).
 */
export function searchStamp(db: Db, asked: DashboardQuery & { q: string }, locale: Locale = DEFAULT_LOCALE): string {
  const search = ftsQuery(asked.q);
  if (!search) return "no-words";
  const { where, params } = amongMatched(filterOf(asked, search), matchedIncidents(db, search.query, locale));
  const rows = statement(db.$client, `SELECT group_concat(i.id || ':' || i.version, ',') FROM incident i WHERE ${["i.published = 1", ...where].join(" AND ")}`)
    .pluck()
    .get(params);
  return JSON.stringify([rows ?? "", facetsOf(db)]);
}
