import { type Dashboard, type DashboardQuery, HITS_PER_PAGE, type SearchHit } from "@/db/read/dashboard";
import { MAX_CHOSEN } from "@/db/read/compared";
import { formatCount } from "@/lib/count";
import type { CardView } from "./card";

/** What the filters show: the query as read and each value's count. */
export type { DashboardQuery, Facet } from "@/db/read/dashboard";

/** One incident's hits, best first; incidents in the order of their best hit. */
export type HitGroup = { slug: string; incident: string; hits: Array<SearchHit & { href: string; what: string }> };
/** A link to another page of a list, or null where the list ends. */
export type PageLinks = { label: string; newer: string | null; older: string | null; newest: string | null };

const WHAT: Record<SearchHit["kind"], string> = { incident: "Incident", event: "Timeline", source: "Source", finding: "Finding" };
/** Where on the incident's page each kind of hit is. */
const anchor = (h: SearchHit) => (h.kind === "event" ? "#timeline" : h.kind === "source" ? `#source-${h.ref}` : h.kind === "finding" ? "#assessments" : "");

export type DashboardView = {
  cards: CardView[];
  /** "2 incidents, newest first.", "1 of 3 incidents match." or "Incidents 11–20 of 1,000, newest first." */
  status: string;
  empty: string | null;
  notices: string[];
  pages: PageLinks;
  /** The most incidents /compare takes at once, ticked on a page of cards. */
  compareUpTo: number;
  search: { query: string; heading: string; groups: HitGroup[]; pages: PageLinks } | null;
};

/** The front page's address with the same search and filters, on another page: a plain link, so paging works without script. */
export function dashboardHref(asked: DashboardQuery, page: { after?: string; before?: string; from?: number }): string {
  const params = new URLSearchParams();
  for (const name of ["q", "provider", "kind", "year", "status"] as const) {
    const value = asked[name];
    if (value !== undefined) params.set(name, value);
  }
  if (page.after) params.set("after", page.after);
  if (page.before) params.set("before", page.before);
  if (page.from) params.set("from", String(page.from));
  const query = params.toString();
  return query ? `/?${query}` : "/";
}

function statusOf(board: Dashboard, filtered: boolean, shown: number): string {
  const all = board.facets.status.reduce((n, f) => n + f.count, 0);
  const { total, offset } = board.page;
  if (offset === 0 && shown === total) return filtered ? `${formatCount(total)} of ${formatCount(all)} incidents match.` : `${formatCount(total)} incidents, newest first.`;
  const range = shown === 0 ? "No incidents" : `Incidents ${formatCount(offset + 1)}–${formatCount(offset + shown)}`;
  if (!filtered || total === all) return `${range} of ${formatCount(total)}, newest first.`;
  return `${range} of the ${formatCount(total)} that match (of ${formatCount(all)}), newest first.`;
}

/** What the front page shows for a query it could read: one page of the matching incidents' cards (read for them alone), and one page of the search's hits by incident. */
export function dashboardView(board: Dashboard, asked: DashboardQuery, cards: CardView[]): DashboardView {
  const filtered = ["q", "provider", "kind", "year", "status"].some((k) => asked[k as keyof DashboardQuery] !== undefined);
  const notices: string[] = [];
  if (asked.q !== undefined && board.search === null) notices.push("The search has no word in it: type a word to search for.");
  if (board.search && board.search.dropped > 0) notices.push(`Only the first ${board.search.terms.length} words were searched for; ${board.search.dropped} more were left out.`);
  const groups: HitGroup[] = [];
  for (const h of board.hits) {
    let group = groups.find((g) => g.slug === h.slug);
    if (!group) groups.push((group = { slug: h.slug, incident: h.incident, hits: [] }));
    group.hits.push({ ...h, href: `/incidents/${encodeURIComponent(h.slug)}${anchor(h)}`, what: WHAT[h.kind] });
  }
  const n = board.hits.length;
  const from = board.hitsFrom;
  const heading =
    n === 0 ? (from > 0 ? "No more matches" : "No matches") : from > 0 || board.moreHits ? `Matches ${formatCount(from + 1)}–${formatCount(from + n)}` : `${n} ${n === 1 ? "match" : "matches"}`;
  // A page of matches starts the incidents' list again from the newest.
  const hitPages: PageLinks = {
    label: "Pages of matches",
    newer: from > 0 ? dashboardHref(asked, { from: Math.max(0, from - HITS_PER_PAGE) }) : null,
    older: board.moreHits ? dashboardHref(asked, { from: from + n }) : null,
    newest: from > HITS_PER_PAGE ? dashboardHref(asked, {}) : null,
  };
  const { page } = board;
  const keep = { from: asked.from };
  return {
    cards,
    status: statusOf(board, filtered, cards.length),
    empty: cards.length > 0 ? null : page.offset > 0 ? "No incidents on this page: the list has moved on since its link was made." : filtered ? "No incident matches these filters." : "No incident has been published yet.",
    notices,
    pages: {
      label: "Pages of incidents",
      newer: page.newer ? dashboardHref(asked, { before: page.newer, ...keep }) : null,
      older: page.older ? dashboardHref(asked, { after: page.older, ...keep }) : null,
      newest: page.offset > 0 || (cards.length === 0 && (asked.after || asked.before)) ? dashboardHref(asked, keep) : null,
    },
    compareUpTo: MAX_CHOSEN,
    search: board.search ? { query: asked.q ?? "", heading: `${heading} for “${asked.q ?? ""}”`, groups, pages: hitPages } : null,
  };
}
