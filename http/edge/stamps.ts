import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Store, Tx } from "@/db/store/store";
import { comparedRows } from "@/db/read/compared";
import { readDashboard, searchStamp } from "@/db/read/dashboard";
import { type ListedPage, type ListedRow, readListedPage } from "@/db/read/listing";
import { type StatuspageRead, readStatuspage } from "@/db/read/statuspage";
import { FEED_ENTRIES } from "@/publish/files";
import { COMPARED } from "@/view/comparison";
import type { CachedRoute } from "./routes";

const incidentStamp = z.object({ id: z.number().int(), version: z.number().int(), published: z.number().int(), audit: z.number().int() });

/** The not-found page shows nothing of the record. */
export const NOTHING = "nothing";
const rowsOf = (rows: readonly ListedRow[]) => rows.map((r) => `${r.id}:${r.version}`).join(",");

/** The feed's page as its route asks for it: the same read as the feed it stamps. */
export const feedPage = (tx: Tx, route: Extract<CachedRoute, { kind: "feed" }>) =>
  readListedPage(tx, { where: [] }, { after: route.after, before: route.before, size: FEED_ENTRIES });

/** A page of the feed shows its rows, where they stand in the list, and nothing else. */
export const feedStamp = (page: ListedPage) => JSON.stringify([rowsOf(page.rows), page.total, page.offset]);

/**
 * The Statuspage-compatible answers show the newest incidents, the newest unresolved ones, and the
 * count and highest impact of all unresolved: one stamp for all of them, as each shows the page's
 * updated_at, the newest change among those incidents.
 */
export const statuspageStamp = (read: StatuspageRead) => JSON.stringify([rowsOf(read.listed), rowsOf(read.unresolved), read.open]);

/**
 * What a kept answer shows, as text that changes whenever what it shows may have: an incident's
 * id, version, state and newest audit entry for its pages and files; a list's rows, versions and
 * counts for the lists. After a write, an entry whose stamp is unchanged is sent again, not
 * rendered again: a change to one incident re-renders only the answers that show it.
 */
export function stamper(store: Store): (route: CachedRoute) => Promise<string> {
  const incident = async (tx: Tx, slug: string) => {
    const row = await tx.row(
      incidentStamp,
      sql`SELECT i.id, i.version, i.published, coalesce((SELECT max(a.id) FROM audit_entry a WHERE a.incident_id = i.id), 0) AS audit FROM incident i WHERE i.slug = ${slug}`,
    );
    return row ? `${row.id}:${row.version}:${row.published}:${row.audit}` : "none";
  };
  const roles = COMPARED.map((m) => m.role);
  return (route) =>
    store.read(async (tx) => {
      if (route.kind === "feed") return feedStamp(await feedPage(tx, route));
      if (route.kind === "statuspage") return statuspageStamp(await readStatuspage(tx));
      if (route.slug !== null) return incident(tx, route.slug);
      if (route.kind === "page" && (route.bare === "/" || route.bare.startsWith("/?"))) {
        const asked = route.asked ?? {};
        if (asked.q) return searchStamp(tx, { ...asked, q: asked.q }, route.locale);
        const { page, facets } = await readDashboard(tx, asked);
        return JSON.stringify([rowsOf(page.rows), page.total, page.offset, facets]);
      }
      if (route.bare === "/compare") {
        const { rows, charted } = await comparedRows(tx, roles, null);
        return JSON.stringify([rowsOf(rows), charted]);
      }
      throw new Error(`no stamp for the kept page ${route.key}: say in http/edge/stamps.ts what it shows`);
    });
}
