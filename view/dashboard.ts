import type { Dashboard, DashboardQuery, SearchHit } from "@/db/read/dashboard";
import type { CardView } from "./card";

/** What the filters show: the query as read and each value's count. */
export type { DashboardQuery, Facet } from "@/db/read/dashboard";

/** One incident's hits, best first; incidents in the order of their best hit. */
export type HitGroup = { slug: string; incident: string; hits: Array<SearchHit & { href: string; what: string }> };

const WHAT: Record<SearchHit["kind"], string> = { incident: "Incident", event: "Timeline", source: "Source", finding: "Finding" };
/** Where on the incident's page each kind of hit is. */
const anchor = (h: SearchHit) => (h.kind === "event" ? "#timeline" : h.kind === "source" ? `#source-${h.ref}` : h.kind === "finding" ? "#assessments" : "");

export type DashboardView = {
  cards: CardView[];
  /** "2 incidents, newest first." or "1 of 3 incidents match." */
  status: string;
  empty: string | null;
  notices: string[];
  search: { query: string; heading: string; groups: HitGroup[] } | null;
};

/** What the front page shows for a query it could read: the cards of the matching incidents (read for them alone), and the search's hits by incident. */
export function dashboardView(board: Dashboard, asked: DashboardQuery, cards: CardView[]): DashboardView {
  const filtered = Object.keys(asked).length > 0;
  const total = board.facets.status.reduce((n, f) => n + f.count, 0);
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
  const heading = n === 0 ? "No matches" : board.moreHits ? `The best ${n} matches` : `${n} ${n === 1 ? "match" : "matches"}`;
  return {
    cards,
    status: filtered ? `${cards.length} of ${total} incidents match.` : `${cards.length} incidents, newest first.`,
    empty: cards.length > 0 ? null : filtered ? "No incident matches these filters." : "No incident has been published yet.",
    notices,
    search: board.search ? { query: asked.q ?? "", heading: `${heading} for “${asked.q ?? ""}”`, groups } : null,
  };
}
