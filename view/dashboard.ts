import { type Dashboard, type DashboardQuery, HITS_PER_PAGE, type SearchHit } from "@/db/read/dashboard";
import { MAX_CHOSEN } from "@/db/read/compared";
import { type Locale, localized } from "@/i18n/locales";
import type { CardView } from "./card";
import { type Wording, wording } from "./words";

/** What the filters show: the query as read and each value's count. */
export type { DashboardQuery, Facet } from "@/db/read/dashboard";

/** One incident's hits, best first; incidents in the order of their best hit. */
export type HitGroup = { slug: string; incident: string; hits: Array<SearchHit & { href: string; what: string }> };
/** A link to another page of a list, or null where the list ends. */
export type PageLinks = { label: string; newer: string | null; older: string | null; newest: string | null };

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

/** The front page's address with the same search and filters, on another page: a plain link, so paging works without script; in the page's language. */
export function dashboardHref(asked: DashboardQuery, page: { after?: string; before?: string; from?: number }, locale: Locale): string {
  const params = new URLSearchParams();
  for (const name of ["q", "provider", "kind", "year", "status"] as const) {
    const value = asked[name];
    if (value !== undefined) params.set(name, value);
  }
  if (page.after) params.set("after", page.after);
  if (page.before) params.set("before", page.before);
  if (page.from) params.set("from", String(page.from));
  const query = params.toString();
  return localized(locale, query ? `/?${query}` : "/");
}

function statusOf(board: Dashboard, filtered: boolean, shown: number, { t, count }: Wording): string {
  const all = board.facets.status.reduce((n, f) => n + f.count, 0);
  const { total, offset } = board.page;
  if (offset === 0 && shown === total) return filtered ? t("public.dashboard.match", { total: count(total), all }) : t("public.dashboard.all", { total });
  const counts = { from: count(offset + 1), to: count(offset + shown), total: count(total), all: count(all) };
  if (!filtered || total === all) return shown === 0 ? t("public.dashboard.noneOf", counts) : t("public.dashboard.range", counts);
  return shown === 0 ? t("public.dashboard.noneOfFiltered", counts) : t("public.dashboard.rangeFiltered", counts);
}

function headingOf(board: Dashboard, q: string, { t, count }: Wording): string {
  const n = board.hits.length;
  const from = board.hitsFrom;
  if (n === 0) return from > 0 ? t("public.dashboard.noMoreHits", { q }) : t("public.dashboard.noHits", { q });
  return from > 0 || board.moreHits ? t("public.dashboard.hitsRange", { from: count(from + 1), to: count(from + n), q }) : t("public.dashboard.hits", { n, q });
}

/** What the front page shows for a query it could read: one page of the matching incidents' cards (read for them alone), and one page of the search's hits by incident. */
export function dashboardView(board: Dashboard, asked: DashboardQuery, cards: CardView[], locale: Locale): DashboardView {
  const w = wording(locale);
  const { t } = w;
  const href = (page: Parameters<typeof dashboardHref>[1]) => dashboardHref(asked, page, locale);
  const filtered = ["q", "provider", "kind", "year", "status"].some((k) => asked[k as keyof DashboardQuery] !== undefined);
  const notices: string[] = [];
  if (asked.q !== undefined && board.search === null) notices.push(t("public.dashboard.noWord"));
  if (board.search && board.search.dropped > 0) notices.push(t("public.dashboard.dropped", { kept: board.search.terms.length, dropped: board.search.dropped }));
  const groups: HitGroup[] = [];
  for (const h of board.hits) {
    let group = groups.find((g) => g.slug === h.slug);
    if (!group) groups.push((group = { slug: h.slug, incident: h.incident, hits: [] }));
    group.hits.push({ ...h, href: localized(locale, `/incidents/${encodeURIComponent(h.slug)}${anchor(h)}`), what: t("public.dashboard.hitKind", { kind: h.kind }) });
  }
  const n = board.hits.length;
  const from = board.hitsFrom;
  // A page of matches starts the incidents' list again from the newest.
  const hitPages: PageLinks = {
    label: t("public.dashboard.hitPages"),
    newer: from > 0 ? href({ from: Math.max(0, from - HITS_PER_PAGE) }) : null,
    older: board.moreHits ? href({ from: from + n }) : null,
    newest: from > HITS_PER_PAGE ? href({}) : null,
  };
  const { page } = board;
  const keep = { from: asked.from };
  return {
    cards,
    status: statusOf(board, filtered, cards.length, w),
    empty: cards.length > 0 ? null : t(page.offset > 0 ? "public.dashboard.moved" : filtered ? "public.dashboard.noMatch" : "public.dashboard.noneYet"),
    notices,
    pages: {
      label: t("public.dashboard.pages"),
      newer: page.newer ? href({ before: page.newer, ...keep }) : null,
      older: page.older ? href({ after: page.older, ...keep }) : null,
      newest: page.offset > 0 || (cards.length === 0 && (asked.after || asked.before)) ? href(keep) : null,
    },
    compareUpTo: MAX_CHOSEN,
    search: board.search ? { query: asked.q ?? "", heading: headingOf(board, asked.q ?? "", w), groups, pages: hitPages } : null,
  };
}
