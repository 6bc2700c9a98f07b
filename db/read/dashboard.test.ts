import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Actor } from "@/domain/access";
import { MARK_END, MARK_START } from "@/lib/search-query";
import { ENGINES, testStores } from "@/tests/support/stores";
import { removeItem, updateItem } from "../write/collections";
import { setPublished } from "../write/incident";
import { type Dashboard, type DashboardQuery, readDashboard } from "./dashboard";

// The front page's read on a real database with the shipped incidents, on each engine, changed
// through the domain verbs: the search index is kept in step by the migrations' triggers, not by the writers.
const GLM = "glm-5-3-kv-cache-exposure";
const CHATGPT = "chatgpt-redis-py-cross-user-exposure";
const FASTLY = "fastly-global-outage-2021-06-08";
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const kit = testStores("dashboard");
const SEARCHED = ["incident", "event", "source", "finding", "translation"];
const ops = (tables: readonly string[]) => tables.flatMap((t) => ["delete", "insert", "update"].map((op) => `search_${t}_${op}`));
/** The triggers that keep each engine's index: SQLite's FTS5 table and its procedures (0018), PostgreSQL's tsvector (db/pg/migrations 0004). */
const TRIGGERS = {
  sqlite: sql`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search_%' ORDER BY name`,
  postgres: sql`SELECT DISTINCT trigger_name AS name FROM information_schema.triggers WHERE trigger_name LIKE 'search_%' ORDER BY 1`,
};
const EXPECTED = {
  sqlite: [...ops([...SEARCHED, "doc"]), "search_refresh_insert", "search_own_insert"].sort(),
  postgres: [...ops(SEARCHED), "search_doc_insert", "search_doc_update", "search_incident_language"].sort(),
};
const id = z.object({ id: z.number().int() });

describe.each(ENGINES)("readDashboard on %s", (engine) => {
  const store = () => kit.store(engine);
  const read = (asked: DashboardQuery) => store().read((tx) => readDashboard(tx, asked));
  const versionOf = async (slug: string) => (await store().q.row(z.object({ version: z.number().int() }), sql`SELECT version FROM incident WHERE slug = ${slug}`))?.version ?? 0;
  const eventId = async (slug: string, key: string) =>
    (await store().q.row(id, sql`SELECT e.id AS id FROM event e JOIN incident i ON i.id = e.incident_id WHERE i.slug = ${slug} AND e.key = ${key}`))?.id ?? 0;
  const slugsOf = (board: Dashboard) => board.page.rows.map((r) => r.slug);
  const hitsFor = async (q: string) => (await read({ q })).hits.map((h) => [h.kind, h.slug, h.ref]);

  it("is kept in step by a trigger for every insert, update and delete of the searched tables, their translations and its texts", async () => {
    // A later migration that rebuilds one of these tables drops its triggers: this says so.
    const triggers = await store().q.rows(z.object({ name: z.string() }), TRIGGERS[engine]);
    expect(triggers.map((t) => t.name)).toEqual(EXPECTED[engine]);
  });

  it("offers each filter's values with their counts, and filters by each", async () => {
    const all = await read({});
    expect(slugsOf(all).sort()).toEqual([CHATGPT, FASTLY, GLM]);
    expect(all.facets).toEqual({
      provider: [{ value: "Cloudflare", count: 1 }, { value: "Fastly", count: 1 }, { value: "OpenAI", count: 1 }],
      kind: [{ value: "Cross-customer data exposure", count: 2 }, { value: "Global CDN outage", count: 1 }],
      year: [{ value: "2021", count: 1 }, { value: "2023", count: 1 }, { value: "2026", count: 1 }],
      status: [{ value: "resolved", count: 3 }],
    });
    expect(slugsOf(await read({ kind: "Global CDN outage" }))).toEqual([FASTLY]);
    expect(slugsOf(await read({ provider: "OpenAI" }))).toEqual([CHATGPT]);
    expect(slugsOf(await read({ year: "2026" }))).toEqual([GLM]);
    expect(slugsOf(await read({ kind: "Cross-customer data exposure", status: "resolved" })).sort()).toEqual([CHATGPT, GLM]);
    expect(slugsOf(await read({ status: "investigating" }))).toEqual([]);
    expect(slugsOf(await read({ provider: "OpenAI", year: "2026" }))).toEqual([]);
  });

  it("finds a word of an event's detail and of a source's title, marked where it matched", async () => {
    expect(await hitsFor("HackerOne")).toEqual([["event", GLM, "researcher-report"]]);
    const source = await read({ q: "cancelled futures" });
    expect(slugsOf(source)).toEqual([CHATGPT]);
    // The pull request and the commit that merged it, and with stems the issues' "Canceling" too.
    expect(source.hits.filter((h) => h.kind === "source").map((h) => h.ref).sort()).toEqual(["1", "3", "4", "5"]);
    expect(source.hits.find((h) => h.ref === "4")?.title).toBe(`Fixing ${MARK_START}cancelled${MARK_END} async ${MARK_START}futures${MARK_END}`);
    expect((await read({ q: "redis", year: "2026" })).hits).toEqual([]);
  });

  it("matches nothing for a search with no word in it, rather than everything", async () => {
    expect(await read({ q: '"*()' })).toMatchObject({ page: { rows: [], total: 0 }, hits: [], search: null });
  });

  it("stays in step when an event is edited and when one is deleted", async () => {
    const event = await eventId(GLM, "researcher-report");
    await updateItem({
      store: store(), actor: editor, slug: GLM, collection: "events", id: event,
      input: { version: await versionOf(GLM), item: { key: "researcher-report", at: "2026-09-08", precision: "day", phase: "detection", title: "Researcher reports the leak", detail: "Reported through a zebracorn programme.", cites: [3] } },
    });
    expect(await hitsFor("zebracorn")).toEqual([["event", GLM, "researcher-report"]]);
    expect(await hitsFor("HackerOne")).toEqual([]);
    const events = async (q: string) => (await hitsFor(q)).filter(([kind]) => kind === "event");
    expect(await events("Source article last updated")).toEqual([["event", GLM, "article-updated"]]);
    await removeItem({ store: store(), actor: editor, slug: GLM, collection: "events", id: await eventId(GLM, "article-updated"), input: { version: await versionOf(GLM) } });
    expect(await events("Source article last updated")).toEqual([]);
  });

  it("stays in step when a source is edited", async () => {
    const source = (await store().q.row(id, sql`SELECT s.id AS id FROM source s JOIN incident i ON i.id = s.incident_id WHERE i.slug = ${CHATGPT} AND s.number = 4`))?.id ?? 0;
    await updateItem({
      store: store(), actor: editor, slug: CHATGPT, collection: "sources", id: source,
      input: { version: await versionOf(CHATGPT), item: { number: 4, publisher: "redis-py (GitHub)", title: "Shielding quokka futures", author: "chayim", publishedOn: "2023-03-26", url: "https://github.com/redis/redis-py/pull/2666", note: null } },
    });
    expect(await hitsFor("quokka")).toEqual([["source", CHATGPT, "4"]]);
    // The commit that merged it (source 5) still has those words; the pull request no longer.
    expect((await hitsFor("cancelled futures")).map(([, , ref]) => ref)).not.toContain("4");
    expect((await hitsFor("cancelled futures")).map(([, , ref]) => ref)).toContain("5");
  });

  it("shows nothing of an incident that is not published", async () => {
    await setPublished({ store: store(), actor: editor, slug: CHATGPT, input: { version: await versionOf(CHATGPT) }, published: false });
    expect(await read({ q: "redis" })).toMatchObject({ page: { rows: [], total: 0 }, hits: [] });
    expect((await read({})).facets.provider).toEqual([{ value: "Cloudflare", count: 1 }, { value: "Fastly", count: 1 }]);
  });
});
