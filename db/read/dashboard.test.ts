import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { type Db, openDatabase } from "../client";
import { readEnv } from "@/config/env";
import { prepareDatabase } from "../prepare";
import { removeItem, updateItem } from "../write/collections";
import { setPublished } from "../write/incident";
import { MARK_END, MARK_START } from "@/lib/search-query";
import { readDashboard } from "./dashboard";

// The front page's read on a real SQLite file with the shipped incidents, changed through the
// domain verbs: the FTS5 table is kept in step by the migration's triggers, not by the writers.
const GLM = "glm-5-3-kv-cache-exposure";
const CHATGPT = "chatgpt-redis-py-cross-user-exposure";
const FASTLY = "fastly-global-outage-2021-06-08";
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-dashboard-"));
let db: Db;

beforeAll(async () => {
  const file = path.join(dir, "a.db");
  await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: "d".repeat(40) }) });
  db = openDatabase(file);
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const versionOf = (slug: string) => db.$client.prepare("SELECT version FROM incident WHERE slug = ?").pluck().get(slug) as number;
const eventId = (slug: string, key: string) =>
  db.$client.prepare("SELECT e.id FROM event e JOIN incident i ON i.id = e.incident_id WHERE i.slug = ? AND e.key = ?").pluck().get(slug, key) as number;
const slugsOf = (board: ReturnType<typeof readDashboard>) => board.page.rows.map((r) => r.slug);
const hitsFor = (q: string) => readDashboard(db, { q }).hits.map((h) => [h.kind, h.slug, h.ref]);

describe("readDashboard", () => {
  it("is kept in step by a trigger for every insert, update and delete of the searched tables, their translations and its texts", () => {
    // A later migration that rebuilds one of these tables drops its triggers: this says so.
    const triggers = db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search_%' ORDER BY name").pluck().all();
    expect(triggers).toEqual([...["incident", "event", "source", "finding", "translation", "doc"].flatMap((t) => ["delete", "insert", "update"].map((op) => `search_${t}_${op}`)), "search_refresh_insert", "search_own_insert"].sort());
  });

  it("offers each filter's values with their counts, and filters by each", () => {
    const all = readDashboard(db, {});
    expect(slugsOf(all).sort()).toEqual([CHATGPT, FASTLY, GLM]);
    expect(all.facets).toEqual({
      provider: [{ value: "Cloudflare", count: 1 }, { value: "Fastly", count: 1 }, { value: "OpenAI", count: 1 }],
      kind: [{ value: "Cross-customer data exposure", count: 2 }, { value: "Global CDN outage", count: 1 }],
      year: [{ value: "2021", count: 1 }, { value: "2023", count: 1 }, { value: "2026", count: 1 }],
      status: [{ value: "resolved", count: 3 }],
    });
    expect(slugsOf(readDashboard(db, { kind: "Global CDN outage" }))).toEqual([FASTLY]);
    expect(slugsOf(readDashboard(db, { provider: "OpenAI" }))).toEqual([CHATGPT]);
    expect(slugsOf(readDashboard(db, { year: "2026" }))).toEqual([GLM]);
    expect(slugsOf(readDashboard(db, { kind: "Cross-customer data exposure", status: "resolved" })).sort()).toEqual([CHATGPT, GLM]);
    expect(slugsOf(readDashboard(db, { status: "investigating" }))).toEqual([]);
    expect(slugsOf(readDashboard(db, { provider: "OpenAI", year: "2026" }))).toEqual([]);
  });

  it("finds a word of an event's detail and of a source's title, marked where it matched", () => {
    expect(hitsFor("HackerOne")).toEqual([["event", GLM, "researcher-report"]]);
    const source = readDashboard(db, { q: "cancelled futures" });
    expect(slugsOf(source)).toEqual([CHATGPT]);
    // The pull request and the commit that merged it, and with stems the issues' "Canceling" too.
    expect(source.hits.filter((h) => h.kind === "source").map((h) => h.ref).sort()).toEqual(["1", "3", "4", "5"]);
    expect(source.hits.find((h) => h.ref === "4")?.title).toBe(`Fixing ${MARK_START}cancelled${MARK_END} async ${MARK_START}futures${MARK_END}`);
    expect(readDashboard(db, { q: "redis", year: "2026" }).hits).toEqual([]);
  });

  it("matches nothing for a search with no word in it, rather than everything", () => {
    expect(readDashboard(db, { q: '"*()' })).toMatchObject({ page: { rows: [], total: 0 }, hits: [], search: null });
  });

  it("stays in step when an event is edited and when one is deleted", () => {
    const id = eventId(GLM, "researcher-report");
    updateItem({
      db, actor: editor, slug: GLM, collection: "events", id,
      input: { version: versionOf(GLM), item: { key: "researcher-report", at: "2026-09-08", precision: "day", phase: "detection", title: "Researcher reports the leak", detail: "Reported through a zebracorn programme.", cites: [3] } },
    });
    expect(hitsFor("zebracorn")).toEqual([["event", GLM, "researcher-report"]]);
    expect(hitsFor("HackerOne")).toEqual([]);
    const events = (q: string) => hitsFor(q).filter(([kind]) => kind === "event");
    expect(events("Source article last updated")).toEqual([["event", GLM, "article-updated"]]);
    removeItem({ db, actor: editor, slug: GLM, collection: "events", id: eventId(GLM, "article-updated"), input: { version: versionOf(GLM) } });
    expect(events("Source article last updated")).toEqual([]);
  });

  it("stays in step when a source is edited", () => {
    const id = db.$client.prepare("SELECT s.id FROM source s JOIN incident i ON i.id = s.incident_id WHERE i.slug = ? AND s.number = 4").pluck().get(CHATGPT) as number;
    updateItem({
      db, actor: editor, slug: CHATGPT, collection: "sources", id,
      input: { version: versionOf(CHATGPT), item: { number: 4, publisher: "redis-py (GitHub)", title: "Shielding quokka futures", author: "chayim", publishedOn: "2023-03-26", url: "https://github.com/redis/redis-py/pull/2666", note: null } },
    });
    expect(hitsFor("quokka")).toEqual([["source", CHATGPT, "4"]]);
    // The commit that merged it (source 5) still has those words; the pull request no longer.
    expect(hitsFor("cancelled futures").map(([, , ref]) => ref)).not.toContain("4");
    expect(hitsFor("cancelled futures").map(([, , ref]) => ref)).toContain("5");
  });

  it("shows nothing of an incident that is not published", () => {
    setPublished({ db, actor: editor, slug: CHATGPT, input: { version: versionOf(CHATGPT) }, published: false });
    expect(readDashboard(db, { q: "redis" })).toMatchObject({ page: { rows: [], total: 0 }, hits: [] });
    expect(readDashboard(db, {}).facets.provider).toEqual([{ value: "Cloudflare", count: 1 }, { value: "Fastly", count: 1 }]);
  });
});
