import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { fillArchive } from "@/tests/support/archive";
import { ENGINES, testStores } from "@/tests/support/stores";
import { cardsOf } from "@/view/card";
import { readShown } from "./shown";
import { type Filter, type ListedPage, type PageAsk, cursorParam, readListedPage } from "./listing";
import { readPublished } from "./incident";

// Paging through a real archive: the shipped incidents and 37 copies, 40 in all, on each engine.
const kit = testStores("listing");
const ALL: Filter = { where: [] };
const at = (cursor: string | null) => (cursor === null ? undefined : cursorParam.parse(cursor));

describe.each(ENGINES)("readListedPage on %s", (engine) => {
  const store = () => kit.store(engine);
  const page = (ask: PageAsk, filter = ALL) => readListedPage(store().q, filter, ask);
  let order: string[] = [];
  beforeAll(async () => {
    await fillArchive(store(), 37);
    order = cardsOf(await readPublished(store()), "en").map((c) => c.slug);
  }, 120_000);

  it("pages through every published incident once, newest first, in the order the cards are sorted in", async () => {
    expect(order).toHaveLength(40);
    const seen: string[] = [];
    let current: ListedPage = await page({ size: 15 });
    expect([current.offset, current.total, current.newer]).toEqual([0, 40, null]);
    for (;;) {
      seen.push(...current.rows.map((r) => r.slug));
      if (!current.older) break;
      current = await page({ after: at(current.older), size: 15 });
    }
    expect(seen).toEqual(order);
    expect([current.offset, current.rows.length, current.older]).toEqual([30, 10, null]);
  });

  it("finds the same pages backwards as forwards, for any page size", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 45 }), async (size) => {
        const forward: ListedPage[] = [await page({ size })];
        for (let p = forward[0]; p?.older; ) forward.push((p = await page({ after: at(p.older), size })));
        expect(forward.flatMap((p) => p.rows.map((r) => r.slug))).toEqual(order);
        for (let i = forward.length - 1; i > 0; i--) {
          const back = await page({ before: at(forward[i]?.newer ?? null), size });
          expect(back).toEqual(forward[i - 1]);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("filters in SQL, counts what matches, and refuses a cursor it did not make", async () => {
    const fastly = await page({ size: 5 }, { where: [sql`i.provider = ${"Fastly"}`] });
    expect(fastly.total).toBe(13);
    expect(fastly.rows.map((r) => r.slug)).toEqual(order.filter((s) => s.startsWith("fastly")).slice(0, 5));
    for (const bad of ["", "2026-08-27~glm", "2026-08-27T00:00:00Z~Not A Slug", "2026-08-27T00:00:00Z~a~b", "x".repeat(300)]) expect(cursorParam.safeParse(bad).success).toBe(false);
  });

  it("reads a listed incident's record once per version", async () => {
    const { rows } = await page({ size: 3 });
    const first = await store().read((tx) => readShown(tx, rows, null));
    expect((await store().read((tx) => readShown(tx, rows, null)))[0]).toBe(first[0]);
    expect(first.map((s) => s.slug)).toEqual(rows.map((r) => r.slug));
  });
});
