import "server-only";
import { z } from "zod";
import { key } from "@/domain/record/common";
import type { Db } from "../client";
import { statement } from "../statements";

/**
 * Published incidents a page at a time, newest first (incident.latest_at, then slug): the front
 * page, the feed and the export's index. A page is found from a cursor, the first or last row of
 * the page beside it, so its cost is its own rows and two counts, never the archive's rows.
 */
export type Cursor = { latestAt: string; slug: string };
export type ListedRow = { id: number; slug: string; version: number; updatedAt: string; latestAt: string };
/** Where a page is: after one cursor (older incidents), before one (newer), or the first page. */
export type PageAsk = { after?: Cursor | undefined; before?: Cursor | undefined; size: number };
export type ListedPage = {
  rows: ListedRow[];
  /** Incidents that match, on every page. */
  total: number;
  /** Matching incidents before this page's first row. */
  offset: number;
  /** The cursors of the pages beside this one; null at either end. */
  newer: string | null;
  older: string | null;
};
/** The rows a listing keeps to: SQL over `incident i`, with named parameters. */
export type Filter = { where: string[]; params: Record<string, string> };

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
/** A cursor as the address carries it, "2026-08-27T00:00:00Z~an-incident": readable, and checked before any SQL sees it. */
export const cursorParam = z
  .string()
  .max(250, "a page address of at most 250 characters")
  .transform((text, ctx): Cursor => {
    const [latestAt = "", slug = "", ...rest] = text.split("~");
    if (rest.length > 0 || !INSTANT.test(latestAt) || !key.safeParse(slug).success) {
      ctx.addIssue({ code: "custom", message: "not a page of this list: follow the list's own links to older or newer incidents" });
      return z.NEVER;
    }
    return { latestAt, slug };
  });
export const cursorOf = (r: Pick<ListedRow, "latestAt" | "slug">) => `${r.latestAt}~${r.slug}`;

export const listedRow = z.strictObject({ id: z.number().int(), slug: z.string(), version: z.number().int(), updatedAt: z.string(), latestAt: z.string() });
export const LISTED_COLUMNS = "i.id AS id, i.slug AS slug, i.version AS version, i.updated_at AS updatedAt, i.latest_at AS latestAt";
/** Before a cursor in the list's order (newer), and after it (older). */
const BEFORE = "(i.latest_at > :cursorAt OR (i.latest_at = :cursorAt AND i.slug < :cursorSlug))";
const AFTER = "(i.latest_at < :cursorAt OR (i.latest_at = :cursorAt AND i.slug > :cursorSlug))";

export function readListedPage(db: Db, filter: Filter, ask: PageAsk): ListedPage {
  const where = ["i.published = 1", ...filter.where];
  const sql = (extra: string[]) => [...where, ...extra].join(" AND ");
  const at = ask.after ?? ask.before;
  const params = at ? { ...filter.params, cursorAt: at.latestAt, cursorSlug: at.slug } : filter.params;
  const found = statement(
    db.$client,
    ask.before
        ? `SELECT ${LISTED_COLUMNS} FROM incident i WHERE ${sql([BEFORE])} ORDER BY i.latest_at ASC, i.slug DESC LIMIT ${ask.size}`
        : `SELECT ${LISTED_COLUMNS} FROM incident i WHERE ${sql(ask.after ? [AFTER] : [])} ORDER BY i.latest_at DESC, i.slug ASC LIMIT ${ask.size}`,
  ).all(params);
  const rows = z.array(listedRow).parse(found);
  if (ask.before) rows.reverse();
  const count = (extra: string[], p: Record<string, string>) => z.number().int().parse(statement(db.$client, `SELECT count(*) FROM incident i WHERE ${sql(extra)}`).pluck().get(p));
  const total = count([], filter.params);
  const first = rows[0];
  const last = rows.at(-1);
  const offset = first ? count([BEFORE], { ...filter.params, cursorAt: first.latestAt, cursorSlug: first.slug }) : ask.before ? 0 : total;
  return {
    rows,
    total,
    offset,
    newer: first && offset > 0 ? cursorOf(first) : null,
    older: last && offset + rows.length < total ? cursorOf(last) : null,
  };
}
