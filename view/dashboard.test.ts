import { describe, expect, it } from "vitest";
import type { Dashboard, SearchHit } from "@/db/read/dashboard";
import type { CardView } from "./card";
import { dashboardView } from "./dashboard";

const hit = (slug: string, kind: SearchHit["kind"], ref: string): SearchHit => ({ kind, slug, incident: `Incident ${slug}`, ref, title: ref, snippet: "", locale: "en", titleLocale: "en" });
const card = (slug: string): CardView => ({
  slug,
  title: slug,
  provider: "P",
  service: "S",
  kind: null,
  status: "resolved",
  statusLabel: "resolved",
  when: null,
  impact: "",
  updated: "2026-01-01T00:00:00Z",
  latest: "2026-01-01T00:00:00Z",
  figures: [],
  durations: [],
  news: null,
  affected: null,
});
const board = (over: Partial<Dashboard>): Dashboard => ({
  page: { rows: [], total: 2, offset: 0, newer: null, older: null },
  hits: [],
  hitsFrom: 0,
  moreHits: false,
  search: null,
  facets: { provider: [], kind: [], year: [], status: [{ value: "resolved", count: 3 }] },
  ...over,
});

describe("dashboardView", () => {
  it("groups the hits by incident, in the order of each incident's best hit, each linked to its place", () => {
    const view = dashboardView(
      board({ hits: [hit("b", "event", "e1"), hit("a", "source", "4"), hit("b", "incident", "b")], search: { query: '"x"*', terms: ["x"], words: [], dropped: 0 } }),
      { q: "x" },
      [card("a"), card("b")],
      "en",
    );
    expect(view.search?.groups.map((g) => [g.slug, g.hits.map((h) => h.href)])).toEqual([
      ["b", ["/incidents/b#timeline", "/incidents/b"]],
      ["a", ["/incidents/a#source-4"]],
    ]);
    expect(view.search?.heading).toBe("3 matches for “x”");
    expect(view.cards.map((c) => c.slug)).toEqual(["a", "b"]);
    expect(view.status).toBe("2 of 3 incidents match.");
  });

  it("says when a search has no word, and when words were left out", () => {
    expect(dashboardView(board({ page: { rows: [], total: 0, offset: 0, newer: null, older: null } }), { q: "*" }, [], "en").notices).toEqual(["The search has no word in it: type a word to search for."]);
    const many = dashboardView(board({ search: { query: "", terms: Array(12).fill("w"), words: [], dropped: 3 } }), { q: "w" }, [], "en");
    expect(many.notices).toEqual(["Only the first 12 words were searched for; 3 more were left out."]);
    expect(dashboardView(board({ moreHits: true, hits: [hit("a", "event", "e")], search: { query: "", terms: ["w"], words: [], dropped: 0 } }), { q: "w" }, [], "en").search?.heading).toBe("Matches 1–1 for “w”");
  });

  it("counts what it lists, and says why a list is empty", () => {
    expect(dashboardView(board({}), {}, [card("a"), card("b")], "en")).toMatchObject({ status: "2 incidents, newest first.", empty: null });
    expect(dashboardView(board({ page: { rows: [], total: 0, offset: 0, newer: null, older: null } }), { provider: "X" }, [], "en")).toMatchObject({ status: "0 of 3 incidents match.", empty: "No incident matches these filters." });
  });

  it("counts in Russian with every plural form, and keeps the page's language in its links", () => {
    const all = (total: number) => dashboardView(board({ page: { rows: [], total, offset: 0, newer: null, older: "x~y" } }), {}, Array.from({ length: total }, (_, i) => card(`c${i}`)), "ru");
    expect([1, 2, 5, 21].map((n) => all(n).status)).toEqual([
      "1 инцидент, сначала новые.",
      "2 инцидента, сначала новые.",
      "5 инцидентов, сначала новые.",
      "21 инцидент, сначала новые.",
    ]);
    const paged = dashboardView(board({ page: { rows: [], total: 1048576, offset: 10, newer: "a~b", older: "c~d" } }), { q: "redis" }, [card("a"), card("b")], "ru");
    expect(paged.status).toBe("Инциденты 11–12 из 1\u00a0048\u00a0576 подходящих (всего 3), сначала новые.");
    expect(paged.pages.older).toBe("/ru?q=redis&after=c%7Ed");
    expect(all(1).pages.older).toBe("/ru?after=x%7Ey");
  });
});
