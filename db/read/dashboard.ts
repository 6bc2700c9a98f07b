import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { INCIDENT_STATUSES } from "@/domain/record/constants";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { type Search, ftsQuery, markWords, snippetOf } from "@/lib/search-query";
import type { Tx } from "../store/store";
import { type Filter, type ListedPage, cursorParam, readListedPage } from "./listing";
import { hitRows, matchedIncidents, searchOf } from "./search";

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
const YEAR = sql.raw("i.year");

const facetRow = z.strictObject({ value: z.string(), count: z.number().int() });

const facet = (tx: Tx, expression: SQL): Promise<Facet[]> =>
  tx.rows(facetRow, sql`SELECT ${expression} AS value, count(*) AS count FROM incident i WHERE i.published = 1 AND ${expression} IS NOT NULL GROUP BY ${expression} ORDER BY ${expression}`);

/** The published incidents that match every filter; a search with no word in it matches nothing rather than everything. */
function filterOf(asked: DashboardQuery, search: Search | null): Filter {
  const where: SQL[] = [];
  const add = (column: SQL, value: string | undefined) => {
    if (value !== undefined) where.push(sql`${column} = ${value}`);
  };
  add(sql.raw("i.provider"), asked.provider);
  add(sql.raw("i.kind"), asked.kind);
  add(sql.raw("i.status"), asked.status);
  add(YEAR, asked.year);
  if (asked.q && !search) where.push(sql`1 = 0`);
  return { where };
}

/** The filter's incidents that the search matches too (found once: search.ts). */
const amongMatched = (tx: Tx, filter: Filter, matched: readonly number[]): Filter => ({ where: [...filter.where, searchOf(tx).among(sql.raw("i.id"), matched)] });

async function hitsOf(tx: Tx, search: Search, filter: Filter, locale: Locale, from: number): Promise<SearchHit[]> {
  const rows = await hitRows(tx, search, sql.join([sql`i.published = 1`, ...filter.where], sql` AND `), locale, { from, size: HITS_PER_PAGE + 1 });
  return rows.map(({ body, ...h }) => ({ ...h, title: markWords(h.title, search.words), snippet: snippetOf(body, search.words) }));
}

/**
 * The front page's read in a language: the filters' choices with their counts, one page of the
 * matching incidents (their rows, for the cards to be read for), and one page of the search's hits
 * among them, best first, in the page's language where a translation matched. In the caller's transaction.
 */
export async function readDashboard(tx: Tx, asked: DashboardQuery, locale: Locale = DEFAULT_LOCALE) {
  const search = asked.q ? ftsQuery(asked.q) : null;
  const filter = filterOf(asked, search);
  const listed = search ? amongMatched(tx, filter, await matchedIncidents(tx, search, locale)) : filter;
  const page: ListedPage = await readListedPage(tx, listed, { after: asked.after, before: asked.before, size: CARDS_PER_PAGE });
  const from = asked.from ?? 0;
  const hits = search ? await hitsOf(tx, search, filter, locale, from) : [];
  return {
    page,
    hits: hits.slice(0, HITS_PER_PAGE),
    /** How many better hits came before these, and whether there are more after. */
    hitsFrom: from,
    moreHits: hits.length > HITS_PER_PAGE,
    search,
    facets: await facetsOf(tx),
  };
}
export type Dashboard = Awaited<ReturnType<typeof readDashboard>>;

const facetsOf = async (tx: Tx) => ({ provider: await facet(tx, sql.raw("i.provider")), kind: await facet(tx, sql.raw("i.kind")), year: await facet(tx, YEAR), status: await facet(tx, sql.raw("i.status")) });

const versionRow = z.object({ id: z.number().int(), version: z.number().int() });

/**
 * What a search's page shows changes only if an incident it matches changes (its version), the
 * set it matches does, or the facets do: stamped so, without ranking every matching text as the
 * page itself must (http/edge/stamps.ts).
 */
export async function searchStamp(tx: Tx, asked: DashboardQuery & { q: string }, locale: Locale = DEFAULT_LOCALE): Promise<string> {
  const search = ftsQuery(asked.q);
  if (!search) return "no-words";
  const { where } = amongMatched(tx, filterOf(asked, search), await matchedIncidents(tx, search, locale));
  const rows = await tx.rows(versionRow, sql`SELECT i.id AS id, i.version AS version FROM incident i WHERE ${sql.join([sql`i.published = 1`, ...where], sql` AND `)} ORDER BY i.id`);
  return JSON.stringify([rows.map((r) => `${r.id}:${r.version}`).join(","), await facetsOf(tx)]);
}
