import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Actor } from "@/domain/access";
import type { Locale } from "@/i18n/locales";
import { MARK_END, MARK_START, ftsQuery } from "@/lib/search-query";
import { fillArchive } from "@/tests/support/archive";
import { addRussianTranslations } from "@/tests/support/russian";
import { ENGINES, testStores } from "@/tests/support/stores";
import { removeItem, updateItem } from "../write/collections";
import { readDashboard } from "./dashboard";
import { matchedIncidentsSql, searchOf } from "./search";

// Search in both languages on the shipped incidents with Russian texts of GLM-5.3 (rows of
// `translation`; the other incidents' own Russian translations are found too, so the cases read GLM-5.3's hits),
// on each engine: the index follows the record and its translations through the migrations'
// triggers (SQLite's 0018, PostgreSQL's 0004), finds words by stem, and marks them as each text spells them, in the page's language.
const GLM = "glm-5-3-kv-cache-exposure";
const kit = testStores("search");
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const m = (word: string) => `${MARK_START}${word}${MARK_END}`;
const id = z.object({ id: z.number().int() });

describe.each(ENGINES)("search in both languages on %s", (engine) => {
  const store = () => kit.store(engine);
  beforeAll(() => addRussianTranslations(store()));
  const write = (statement: ReturnType<typeof sql>) => store().write((tx) => tx.exec(statement));
  const hits = async (q: string, locale: Locale) => (await store().read((tx) => readDashboard(tx, { q }, locale))).hits.filter((h) => h.slug === GLM);
  const refs = async (q: string, locale: Locale) => (await hits(q, locale)).map((h) => `${h.kind}:${h.ref}:${h.locale}`).sort();
  const version = async () => (await store().q.row(z.object({ version: z.number().int() }), sql`SELECT version FROM incident WHERE slug = ${GLM}`))?.version ?? 0;
  const eventId = async (key: string) => (await store().q.row(id, sql`SELECT e.id AS id FROM event e JOIN incident i ON i.id = e.incident_id WHERE i.slug = ${GLM} AND e.key = ${key}`))?.id ?? 0;

  it("on /ru finds a Russian word's inflected forms, each marked as the text spells it", async () => {
    const found = await hits("утечка", "ru");
    expect(found.map((h) => `${h.kind}:${h.ref}`).sort()).toEqual(["event:leak-begins", "event:model-offline", "event:researcher-report", `incident:${GLM}`]);
    expect(found.every((h) => h.locale === "ru" && h.slug === GLM)).toBe(true);
    expect(found.find((h) => h.ref === "researcher-report")?.title).toBe(`Исследователь сообщает об ${m("утечке")}`);
    expect(found.find((h) => h.ref === "leak-begins")?.title).toBe(`Начало ${m("утечки")}`);
    expect(found.find((h) => h.ref === "model-offline")?.snippet).toContain(`остановить ${m("утечку")}`);
    expect(found[0]?.incident).toBe("Утечка чужих данных из KV-кэша GLM-5.3 в Cloudflare Workers AI");
  });

  it("on / searches the English record, by stem, and not the Russian texts", async () => {
    expect(await hits("утечка", "en")).toEqual([]);
    const leaks = await hits("leaks", "en");
    expect(leaks.map((h) => h.ref)).toContain("researcher-report");
    expect(leaks.find((h) => h.ref === "researcher-report")).toMatchObject({ locale: "en", title: `Researcher reports the ${m("leak")}` });
  });

  it("on /ru finds the record's English too, saying so, and one hit per text: the translation where both match", async () => {
    expect(await refs("HackerOne", "ru")).toEqual(["event:researcher-report:ru"]);
    expect(await refs("Evron", "ru")).toEqual(["event:researcher-report:en"]);
    expect((await hits("Evron", "ru"))[0]?.snippet).toContain(m("Evron"));
  });

  it("finds the same texts for any casing and any ё/е spelling of a word", async () => {
    const words = ["утечка", "отчёт", "зелёный", "чужих", "модель", "закрытом", "LEAKS"];
    const respelt = (word: string, flips: boolean[]) =>
      Array.from(word, (c, i) => {
        const swap = flips[i % flips.length] ?? false;
        const letter = swap && c === "е" ? "ё" : swap && c === "ё" ? "е" : c;
        return flips[(i + 3) % flips.length] ? letter.toUpperCase() : letter.toLowerCase();
      }).join("");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...words), fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }), fc.constantFrom<Locale>("en", "ru"), async (word, flips, locale) => {
        expect(await refs(respelt(word, flips), locale)).toEqual(await refs(word, locale));
      }),
      { numRuns: 120 },
    );
    expect(await refs("отчет", "ru")).toEqual(["event:leak-begins:ru"]);
  });

  it("follows the translations and the items they translate as they change", async () => {
    const offline = await eventId("model-offline");
    await write(sql`UPDATE translation SET text = ${"В 14:00 UTC модель отключают."} WHERE subject = 'events' AND subject_id = ${offline} AND field = 'detail'`);
    expect(await refs("утечка", "ru")).not.toContain("event:model-offline:ru");
    expect(await refs("отключают", "ru")).toEqual(["event:model-offline:ru"]);
    await write(sql`DELETE FROM translation WHERE subject = 'events' AND subject_id = ${offline} AND field = 'title'`);
    // The title left untranslated is the record's own, in its own language.
    expect((await hits("отключают", "ru"))[0]).toMatchObject({ title: "Model taken offline", titleLocale: "en", locale: "ru" });
    const report = await eventId("researcher-report");
    await updateItem({
      store: store(), actor: editor, slug: GLM, collection: "events", id: report,
      input: { version: await version(), item: { key: "researcher-reported", at: "2026-09-08", precision: "day", phase: "detection", title: "Researcher reports the leak", detail: "Reported via HackerOne.", cites: [3] } },
    });
    expect(await refs("Эврон", "ru")).toEqual(["event:researcher-reported:ru"]);
    const updated = await eventId("article-updated");
    const incidentId = (await store().q.row(id, sql`SELECT id FROM incident WHERE slug = ${GLM}`))?.id ?? 0;
    await write(sql`INSERT INTO translation (incident_id, subject, subject_id, field, locale, text) VALUES (${incidentId}, 'events', ${updated}, 'title', 'ru', 'Статью обновили')`);
    expect(await refs("статьи обновили", "ru")).toEqual(["event:article-updated:ru"]);
    await removeItem({ store: store(), actor: editor, slug: GLM, collection: "events", id: updated, input: { version: await version() } });
    expect(await refs("обновили", "ru")).toEqual([]);
    // A translation of an item that is gone indexes nothing.
    await write(sql`UPDATE translation SET text = 'Статью обновили снова' WHERE subject = 'events' AND subject_id = ${updated}`);
    expect(await refs("обновили", "ru")).toEqual([]);
  });

  it("costs what it matches: the index, then each matching text by its primary key", async () => {
    const search = ftsQuery("утечк");
    if (!search) throw new Error("no words");
    const plan = await store().read(async (tx) => {
      if (engine === "sqlite") return (await tx.rows(z.object({ detail: z.string() }), sql`EXPLAIN QUERY PLAN ${matchedIncidentsSql(searchOf(tx), search, "ru")}`)).map((r) => r.detail);
      // A hundred texts are read faster whole than by an index: asked not to, the planner shows the match is the GIN index's to answer.
      const { from, where } = searchOf(tx).texts(search);
      await tx.exec(sql`SET LOCAL enable_seqscan = off`);
      return (await tx.rows(z.object({ "QUERY PLAN": z.string() }), sql`EXPLAIN SELECT d.id FROM ${from} WHERE ${where}`)).map((r) => r["QUERY PLAN"].trim());
    });
    if (engine === "sqlite") expect(plan).toEqual(["SCAN s VIRTUAL TABLE INDEX 0:M2", "SEARCH d USING INTEGER PRIMARY KEY (rowid=?)", "USE TEMP B-TREE FOR DISTINCT"]);
    else expect(plan.filter((line) => line.includes("Index")).map((line) => line.replace(/ +\(cost.*$/, ""))).toEqual(["->  Bitmap Index Scan on search_doc_stems_idx", "Index Cond: (stems @@ '''утечк'' | ''утечк'':*'::tsquery)"]);
  });

  it("finds the Russian texts of an archive's copies too (fillArchive copies the translations)", async () => {
    const [, , copy] = await fillArchive(store(), 3);
    const found = await store().read((tx) => readDashboard(tx, { q: "утечка" }, "ru"));
    expect(found.page.rows.map((r) => r.slug).filter((s) => s.startsWith(GLM)).sort()).toEqual([GLM, copy].sort());
    expect(found.hits.filter((h) => h.slug === copy && h.locale === "ru").map((h) => h.ref).sort()).toEqual(["leak-begins", "researcher-reported", copy].sort());
  });
});
