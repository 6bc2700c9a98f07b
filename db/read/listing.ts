import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { key } from "@/domain/record/common";
import type { Tx } from "../store/store";

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
/** The rows a listing keeps to: conditions over `incident i`, their values bound (drizzle's sql). */
export type Filter = { where: SQL[] };

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
export const LISTED_COLUMNS = sql.raw(`i.id AS id, i.slug AS slug, i.version AS version, i.updated_at AS "updatedAt", i.latest_at AS "latestAt"`);
/** Before a cursor in the list's order (newer), and after it (older). */
const before = (c: Cursor) => sql`(i.latest_at > ${c.latestAt} OR (i.latest_at = ${c.latestAt} AND i.slug < ${c.slug}))`;
const after = (c: Cursor) => sql`(i.latest_at < ${c.latestAt} OR (i.latest_at = ${c.latestAt} AND i.slug > ${c.slug}))`;
/** The list's order, newest first, and its reverse: an incident with no time yet last, as SQLite puts it (PostgreSQL would put it first). */
export const NEWEST_FIRST = sql.raw("i.latest_at DESC NULLS LAST, i.slug ASC");
const OLDEST_FIRST = sql.raw("i.latest_at ASC NULLS FIRST, i.slug DESC");
const count = z.object({ n: z.number().int() });

export async function readListedPage(tx: Tx, filter: Filter, ask: PageAsk): Promise<ListedPage> {
  const where = (extra: SQL[]) => sql.join([sql`i.published = 1`, ...filter.where, ...extra], sql` AND `);
  const found = await tx.rows(
    listedRow,
    ask.before
      ? sql`SELECT ${LISTED_COLUMNS} FROM incident i WHERE ${where([before(ask.before)])} ORDER BY ${OLDEST_FIRST} LIMIT ${ask.size}`
      : sql`SELECT ${LISTED_COLUMNS} FROM incident i WHERE ${where(ask.after ? [after(ask.after)] : [])} ORDER BY ${NEWEST_FIRST} LIMIT ${ask.size}`,
  );
  const rows = ask.before ? found.reverse() : found;
  const counted = async (extra: SQL[]) => (await tx.row(count, sql`SELECT count(*) AS n FROM incident i WHERE ${where(extra)}`))?.n ?? 0;
  const total = await counted([]);
  const first = rows[0];
  const last = rows.at(-1);
  const offset = first ? await counted([before(first)]) : ask.before ? 0 : total;
  return {
    rows,
    total,
    offset,
    newer: first && offset > 0 ? cursorOf(first) : null,
    older: last && offset + rows.length < total ? cursorOf(last) : null,
  };
}
