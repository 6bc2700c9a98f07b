import "server-only";
import { z } from "zod";
import { INCIDENT_STATUSES } from "@/domain/record/constants";
import { MARK_END, MARK_START, ftsQuery } from "@/lib/search-query";
import type { Db } from "../client";

/** What the front page reads of its address: every part optional, each checked; others (utm_…) are not its to read. */
export const dashboardQuery = z.object({
  q: z.string().trim().max(200, "a search of at most 200 characters").optional(),
  provider: z.string().trim().min(1).max(200).optional(),
  kind: z.string().trim().min(1).max(200).optional(),
  year: z.string().regex(/^\d{4}$/, "a year of four digits, such as 2026").optional(),
  status: z.enum(INCIDENT_STATUSES).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export type Facet = { value: string; count: number };
export type SearchHit = { kind: "incident" | "event" | "source" | "finding"; slug: string; incident: string; ref: string; title: string; snippet: string };

export const MAX_HITS = 50;

// When an incident happened: its earliest event of the incident itself (not its background or
// the warnings before it), as a year; an incident with only such events has no year.
const YEAR = `(SELECT substr(min(e.at), 1, 4) FROM event e WHERE e.incident_id = i.id AND e.at IS NOT NULL AND e.phase NOT IN ('background', 'warning'))`;

const facetRow = z.strictObject({ value: z.string(), count: z.number().int() });
const slugRow = z.strictObject({ slug: z.string() });
const hitRow = z.strictObject({
  kind: z.enum(["incident", "event", "source", "finding"]),
  slug: z.string(),
  incident: z.string(),
  ref: z.string(),
  title: z.string(),
  snippet: z.string(),
});

function facet(db: Db, expression: string): Facet[] {
  const rows = db.$client
    .prepare(`SELECT ${expression} AS value, count(*) AS count FROM incident i WHERE i.published = 1 AND ${expression} IS NOT NULL GROUP BY 1 ORDER BY 1`)
    .all();
  return z.array(facetRow).parse(rows);
}

/**
 * The front page's read: the filters' choices with their counts, the slugs of the published
 * incidents that match every filter and the search, and the search's hits among them, best first.
 * A search with no word in it matches nothing rather than everything.
 */
export function readDashboard(db: Db, asked: DashboardQuery) {
  const search = asked.q ? ftsQuery(asked.q) : null;
  const where = ["i.published = 1"];
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
  add("i.id IN (SELECT incident_id FROM search_text WHERE search_text MATCH :match)", "match", search?.query);
  const slugs = z.array(slugRow).parse(db.$client.prepare(`SELECT i.slug AS slug FROM incident i WHERE ${where.join(" AND ")}`).all(params)).map((r) => r.slug);
  const hits = search
    ? z.array(hitRow).parse(
        db.$client
          .prepare(
            `SELECT s.kind AS kind, i.slug AS slug, i.title AS incident, CAST(s.ref AS TEXT) AS ref,
               highlight(search_text, 3, '${MARK_START}', '${MARK_END}') AS title,
               snippet(search_text, 4, '${MARK_START}', '${MARK_END}', '…', 24) AS snippet
             FROM search_text s JOIN incident i ON i.id = s.incident_id
             WHERE search_text MATCH :match AND ${where.join(" AND ")} ORDER BY rank LIMIT ${MAX_HITS + 1}`,
          )
          .all(params),
      )
    : [];
  return {
    slugs,
    hits: hits.slice(0, MAX_HITS),
    /** More hits than shown. */
    moreHits: hits.length > MAX_HITS,
    search,
    facets: { provider: facet(db, "i.provider"), kind: facet(db, "i.kind"), year: facet(db, YEAR), status: facet(db, "i.status") },
  };
}
export type Dashboard = ReturnType<typeof readDashboard>;
