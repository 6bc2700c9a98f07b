import type { Db } from "@/db/client";
import { comparedRows } from "@/db/read/compared";
import { readDashboard, searchStamp } from "@/db/read/dashboard";
import { type ListedPage, type ListedRow, readListedPage } from "@/db/read/listing";
import { type StatuspageRead, readStatuspage } from "@/db/read/statuspage";
import { FEED_ENTRIES } from "@/publish/files";
import { COMPARED } from "@/view/comparison";
import type { CachedRoute } from "./routes";

/** The not-found page shows nothing of the record. */
export const NOTHING = "nothing";
const rowsOf = (rows: readonly ListedRow[]) => rows.map((r) => `${r.id}:${r.version}`).join(",");

/** The feed's page as its route asks for it: the same read as the feed it stamps. */
export const feedPage = (db: Db, route: Extract<CachedRoute, { kind: "feed" }>) =>
  readListedPage(db, { where: [], params: {} }, { after: route.after, before: route.before, size: FEED_ENTRIES });

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
export function stamper(db: Db): (route: CachedRoute) => string {
  const incidentOf = db.$client
    .prepare(
      `SELECT i.id || ':' || i.version || ':' || i.published || ':' || coalesce((SELECT max(a.id) FROM audit_entry a WHERE a.incident_id = i.id), 0)
       FROM incident i WHERE i.slug = ?`,
    )
    .pluck();
  const incident = (slug: string) => String(incidentOf.get(slug) ?? "none");
  const roles = COMPARED.map((m) => m.role);
  return (route) => {
    if (route.kind === "feed") return feedStamp(feedPage(db, route));
    if (route.kind === "statuspage") return statuspageStamp(readStatuspage(db));
    if (route.slug !== null) return incident(route.slug);
    if (route.kind === "page" && (route.bare === "/" || route.bare.startsWith("/?"))) {
      const asked = route.asked ?? {};
      if (asked.q) return searchStamp(db, { ...asked, q: asked.q }, route.locale);
      const { page, facets } = readDashboard(db, asked);
      return JSON.stringify([rowsOf(page.rows), page.total, page.offset, facets]);
    }
    if (route.bare === "/compare") {
      const { rows, charted } = comparedRows(db, roles, null);
      return JSON.stringify([rowsOf(rows), charted]);
    }
    throw new Error(`no stamp for the kept page ${route.key}: say in http/edge/stamps.ts what it shows`);
  };
}
