import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadSeed } from "@/db/seed/load";
import { fillArchive } from "@/tests/support/archive";
import { TEST_SECRET, testDatabase } from "@/tests/support/test-database";
import { cardsOf } from "@/view/card";
import { readShown } from "./shown";
import { type ListedPage, cursorParam, readListedPage } from "./listing";
import { readPublished } from "./incident";

// Paging through a real archive: the shipped incidents and 37 copies, 40 in all.
const t = testDatabase("listing");
const ALL = { where: [], params: {} };
let order: string[] = [];

const at = (cursor: string | null) => (cursor === null ? undefined : cursorParam.parse(cursor));

describe("readListedPage", () => {
  it("pages through every published incident once, newest first, in the order the cards are sorted in", async () => {
    await loadSeed(t.db, TEST_SECRET);
    fillArchive(t.db, 37);
    order = cardsOf(readPublished(t.db), "en").map((c) => c.slug);
    expect(order).toHaveLength(40);
    const seen: string[] = [];
    let page: ListedPage = readListedPage(t.db, ALL, { size: 15 });
    expect([page.offset, page.total, page.newer]).toEqual([0, 40, null]);
    for (;;) {
      seen.push(...page.rows.map((r) => r.slug));
      if (!page.older) break;
      page = readListedPage(t.db, ALL, { after: at(page.older), size: 15 });
    }
    expect(seen).toEqual(order);
    expect([page.offset, page.rows.length, page.older]).toEqual([30, 10, null]);
  });

  it("finds the same pages backwards as forwards, for any page size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 45 }), (size) => {
        const forward: ListedPage[] = [readListedPage(t.db, ALL, { size })];
        for (let p = forward[0]; p?.older; ) forward.push((p = readListedPage(t.db, ALL, { after: at(p.older), size })));
        expect(forward.flatMap((p) => p.rows.map((r) => r.slug))).toEqual(order);
        for (let i = forward.length - 1; i > 0; i--) {
          const back = readListedPage(t.db, ALL, { before: at(forward[i]?.newer ?? null), size });
          expect(back).toEqual(forward[i - 1]);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("filters in SQL, counts what matches, and refuses a cursor it did not make", () => {
    const page = readListedPage(t.db, { where: ["i.provider = :p"], params: { p: "Fastly" } }, { size: 5 });
    expect(page.total).toBe(13);
    expect(page.rows.map((r) => r.slug)).toEqual(order.filter((s) => s.startsWith("fastly")).slice(0, 5));
    for (const bad of ["", "2026-08-27~glm", "2026-08-27T00:00:00Z~Not A Slug", "2026-08-27T00:00:00Z~a~b", "x".repeat(300)]) expect(cursorParam.safeParse(bad).success).toBe(false);
  });

  it("reads a listed incident's record once per version", () => {
    const { rows } = readListedPage(t.db, ALL, { size: 3 });
    const first = readShown(t.db, rows, null);
    expect(readShown(t.db, rows, null)[0]).toBe(first[0]);
    expect(first.map((s) => s.slug)).toEqual(rows.map((r) => r.slug));
  });
});
