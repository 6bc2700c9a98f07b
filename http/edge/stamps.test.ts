import type { IncomingMessage, ServerResponse } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { CARDS_PER_PAGE, readDashboard } from "@/db/read/dashboard";
import { readListedPage } from "@/db/read/listing";
import { incident } from "@/db/schema";
import { loadSeed } from "@/db/seed/load";
import { updateIncident } from "@/db/write/incident";
import { fillArchive } from "@/tests/support/archive";
import { startEdge } from "@/tests/support/edge-server";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";

// The edge and its cache in-process on a real archive of 15 incidents, on each engine, with Next
// replaced by a renderer that counts what it renders: after a write, only the answers showing the
// changed incident are made again; the others go out as they were, saying so in Cache-Status.
const t = testStores("stamps", { seed: false });
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

describe.each(ENGINES)("on %s", (engine) => {
  const store = () => t.store(engine);
  const renders: string[] = [];
  let base = "";
  let close = () => undefined as void;

  async function fakeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
    renders.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<h1>${req.url ?? ""}</h1>`);
  }

  beforeAll(async () => {
    await loadSeed(store(), TEST_SECRET);
    await fillArchive(store(), 12);
    ({ base, close } = await startEdge(store(), fakeNext));
  }, 60_000);
  afterAll(() => close());

  const status = async (path: string) => (await fetch(base + path)).headers.get("cache-status");
  const version = async (slug: string) => (await store().q.select({ v: incident.version }).from(incident).where(eq(incident.slug, slug)).get())?.v ?? 0;
  const edit = async (slug: string, changes: Record<string, unknown>) => updateIncident({ store: store(), actor: editor, slug, input: { version: await version(slug), ...changes } });

  describe("which kept answers a write makes again", () => {
    const PAGES = ["/", "/compare", "/feed.xml"];
    let shown: string[] = [];
    let unshown = "";
    let second = "";

    it("makes each once, then sends it from memory", async () => {
      const { page } = await store().read((tx) => readDashboard(tx, {}));
      shown = page.rows.map((r) => r.slug);
      // The oldest: on the last page, not the first or the second.
      unshown = (await readListedPage(store().q, { where: [] }, { size: 100 })).rows.at(-1)?.slug ?? "";
      second = `/?after=${encodeURIComponent(page.older ?? "")}`;
      expect([shown.length, page.total, shown.includes(unshown)]).toEqual([CARDS_PER_PAGE, 15, false]);
      for (const path of [...PAGES, second, `/incidents/${unshown}`, `/incidents/${shown[0]}`]) {
        expect([path, await status(path)]).toEqual([path, "aftermath; fwd=miss"]);
        expect([path, await status(path)]).toEqual([path, "aftermath; hit"]);
      }
    });

    it("after a write to an incident the front page does not show, makes again only that incident's page and the lists that show it", async () => {
      const before = renders.length;
      await edit(unshown, { impact: "Edited, on no front page." });
      expect(await status("/")).toBe("aftermath; hit; detail=unchanged-after-write");
      expect(await status(second)).toBe("aftermath; hit; detail=unchanged-after-write");
      expect(await status(`/incidents/${shown[0]}`)).toBe("aftermath; hit; detail=unchanged-after-write");
      expect(await status(`/incidents/${unshown}`)).toBe("aftermath; fwd=miss");
      expect(renders.slice(before)).toEqual([`/incidents/${unshown}`]);
      // The next reader of an answer checked after that write is not asked to check again.
      expect(await status("/")).toBe("aftermath; hit");
    });

    it("makes the front page again when a write changes what it counts, though not what it lists", async () => {
      await edit(unshown, { provider: "Another provider" });
      expect(await status("/")).toBe("aftermath; fwd=miss");
      expect(await status(`/incidents/${unshown}`)).toBe("aftermath; fwd=miss");
    });

    it("makes every list that shows an incident again after a write to it", async () => {
      const newest = shown[0] ?? "";
      await edit(newest, { title: "A new title for the newest" });
      for (const path of [...PAGES, `/incidents/${newest}`]) expect([path, await status(path)]).toEqual([path, "aftermath; fwd=miss"]);
      expect(await status(`/incidents/${unshown}`)).toBe("aftermath; hit; detail=unchanged-after-write");
    });
  });

  describe("a search's kept answer", () => {
    const search = "/?q=redis";
    const matched = async () => (await store().read((tx) => readDashboard(tx, { q: "redis" }))).page.rows.map((r) => r.slug);

    it("is kept by the parts of its address it reads, in any order and with others beside them", async () => {
      expect(await status(`${search}&year=2023`)).toBe("aftermath; fwd=miss");
      expect(await status(`/?year=2023&utm_source=x&q=redis`)).toBe("aftermath; hit");
    });

    it("is made again after a write to an incident it matches, or one that comes to match it, and not after others", async () => {
      const some = await matched();
      const other = (await readListedPage(store().q, { where: [] }, { size: 100 })).rows.map((r) => r.slug).find((s) => !some.includes(s)) ?? "";
      expect([some.length > 0, other !== ""]).toEqual([true, true]);
      await status(search);
      expect(await status(search)).toBe("aftermath; hit");
      await edit(other, { impact: "Edited, with no word the search asks for." });
      expect(await status(search)).toBe("aftermath; hit; detail=unchanged-after-write");
      await edit(some[0] ?? "", { impact: "Edited, still matched by its other texts." });
      expect(await status(search)).toBe("aftermath; fwd=miss");
      await edit(other, { impact: "Now it names redis too." });
      expect(await status(search)).toBe("aftermath; fwd=miss");
      expect(await matched()).toContain(other);
    });
  });

  describe("a Russian address's kept answer", () => {
    it("is its own entry, in Russian, and is made again after a write as the English one is", { timeout: 30_000 }, async () => {
      const slug = (await store().read((tx) => readDashboard(tx, {}))).page.rows[0]?.slug ?? "";
      const paths = (prefix: string) => [`${prefix}/`, `${prefix}/compare`, `${prefix}/feed.xml`, `${prefix}/incidents/${slug}`, `${prefix}/incidents/${slug}/export.html`, `${prefix}/incidents/${slug}/postmortem.md`];
      const ru = paths("/ru").map((p) => (p === "/ru/" ? "/ru" : p));
      const en = paths("");
      for (const path of en) await status(path);
      for (const path of ru) {
        expect([path, await status(path)]).toEqual([path, "aftermath; fwd=miss"]);
        expect([path, await status(path)]).toEqual([path, "aftermath; hit"]);
      }
      const feed = await (await fetch(`${base}/ru/feed.xml`)).text();
      expect(feed).toContain('xml:lang="ru"');
      expect(feed).toContain("<title>Разборы инцидентов Aftermath</title>");
      expect(await (await fetch(`${base}/ru/incidents/${slug}/export.html`)).text()).toContain('<html lang="ru">');
      expect(await (await fetch(`${base}/ru/incidents/${slug}/postmortem.md`)).text()).toContain("## Что произошло");
      await edit(slug, { title: "Retitled, seen in both languages" });
      for (const path of [...ru, ...en]) expect([path, await status(path)]).toEqual([path, "aftermath; fwd=miss"]);
    });
  });
});
