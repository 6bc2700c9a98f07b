import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import type { Locale } from "@/i18n/locales";
import { MARK_END, MARK_START } from "@/lib/search-query";
import { fillArchive } from "@/tests/support/archive";
import { addRussianTranslations } from "@/tests/support/russian";
import { TEST_SECRET, testDatabase } from "@/tests/support/test-database";
import { loadSeed } from "../seed/load";
import { removeItem, updateItem } from "../write/collections";
import { MATCHED_INCIDENTS, readDashboard } from "./dashboard";

// Search in both languages on the shipped incidents with Russian texts of GLM-5.3 (rows of
// `translation`; the other incidents' own Russian translations are found too, so the cases read GLM-5.3's hits): the index follows the record and its translations through migration 0018's
// triggers, finds words by stem, and marks them as each text spells them, in the page's language.
const GLM = "glm-5-3-kv-cache-exposure";
const t = testDatabase("search");
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const m = (word: string) => `${MARK_START}${word}${MARK_END}`;

beforeAll(async () => {
  await loadSeed(t.db, TEST_SECRET);
  addRussianTranslations(t.db);
});

const hits = (q: string, locale: Locale) => readDashboard(t.db, { q }, locale).hits.filter((h) => h.slug === GLM);
const refs = (q: string, locale: Locale) => hits(q, locale).map((h) => `${h.kind}:${h.ref}:${h.locale}`).sort();
const version = () => t.db.$client.prepare("SELECT version FROM incident WHERE slug = ?").pluck().get(GLM) as number;
const eventId = (key: string) => t.db.$client.prepare("SELECT e.id FROM event e JOIN incident i ON i.id = e.incident_id WHERE i.slug = ? AND e.key = ?").pluck().get(GLM, key) as number;

describe("search in both languages", () => {
  it("on /ru finds a Russian word's inflected forms, each marked as the text spells it", () => {
    const found = hits("утечка", "ru");
    expect(found.map((h) => `${h.kind}:${h.ref}`).sort()).toEqual(["event:leak-begins", "event:model-offline", "event:researcher-report", `incident:${GLM}`]);
    expect(found.every((h) => h.locale === "ru" && h.slug === GLM)).toBe(true);
    expect(found.find((h) => h.ref === "researcher-report")?.title).toBe(`Исследователь сообщает об ${m("утечке")}`);
    expect(found.find((h) => h.ref === "leak-begins")?.title).toBe(`Начало ${m("утечки")}`);
    expect(found.find((h) => h.ref === "model-offline")?.snippet).toContain(`остановить ${m("утечку")}`);
    expect(found[0]?.incident).toBe("Утечка чужих данных из KV-кэша GLM-5.3 в Cloudflare Workers AI");
  });

  it("on / searches the English record, by stem, and not the Russian texts", () => {
    expect(hits("утечка", "en")).toEqual([]);
    const leaks = hits("leaks", "en");
    expect(leaks.map((h) => h.ref)).toContain("researcher-report");
    expect(leaks.find((h) => h.ref === "researcher-report")).toMatchObject({ locale: "en", title: `Researcher reports the ${m("leak")}` });
  });

  it("on /ru finds the record's English too, saying so, and one hit per text: the translation where both match", () => {
    expect(refs("HackerOne", "ru")).toEqual(["event:researcher-report:ru"]);
    expect(refs("Evron", "ru")).toEqual(["event:researcher-report:en"]);
    expect(hits("Evron", "ru")[0]?.snippet).toContain(m("Evron"));
  });

  it("finds the same texts for any casing and any ё/е spelling of a word", () => {
    const words = ["утечка", "отчёт", "зелёный", "чужих", "модель", "закрытом", "LEAKS"];
    const respelt = (word: string, flips: boolean[]) =>
      Array.from(word, (c, i) => {
        const swap = flips[i % flips.length] ?? false;
        const letter = swap && c === "е" ? "ё" : swap && c === "ё" ? "е" : c;
        return flips[(i + 3) % flips.length] ? letter.toUpperCase() : letter.toLowerCase();
      }).join("");
    fc.assert(
      fc.property(fc.constantFrom(...words), fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }), fc.constantFrom<Locale>("en", "ru"), (word, flips, locale) => {
        expect(refs(respelt(word, flips), locale)).toEqual(refs(word, locale));
      }),
      { numRuns: 120 },
    );
    expect(refs("отчет", "ru")).toEqual(["event:leak-begins:ru"]);
  });

  it("follows the translations and the items they translate as they change", () => {
    const client = t.db.$client;
    const offline = eventId("model-offline");
    client.prepare("UPDATE translation SET text = ? WHERE subject = 'events' AND subject_id = ? AND field = 'detail'").run("В 14:00 UTC модель отключают.", offline);
    expect(refs("утечка", "ru")).not.toContain("event:model-offline:ru");
    expect(refs("отключают", "ru")).toEqual(["event:model-offline:ru"]);
    client.prepare("DELETE FROM translation WHERE subject = 'events' AND subject_id = ? AND field = 'title'").run(offline);
    // The title left untranslated is the record's own, in its own language.
    expect(hits("отключают", "ru")[0]).toMatchObject({ title: "Model taken offline", titleLocale: "en", locale: "ru" });
    const report = eventId("researcher-report");
    updateItem({
      db: t.db, actor: editor, slug: GLM, collection: "events", id: report,
      input: { version: version(), item: { key: "researcher-reported", at: "2026-09-08", precision: "day", phase: "detection", title: "Researcher reports the leak", detail: "Reported via HackerOne.", cites: [3] } },
    });
    expect(refs("Эврон", "ru")).toEqual(["event:researcher-reported:ru"]);
    const updated = eventId("article-updated");
    const incidentId = client.prepare("SELECT id FROM incident WHERE slug = ?").pluck().get(GLM);
    client.prepare("INSERT INTO translation (incident_id, subject, subject_id, field, locale, text) VALUES (?, 'events', ?, 'title', 'ru', 'Статью обновили')").run(incidentId, updated);
    expect(refs("статьи обновили", "ru")).toEqual(["event:article-updated:ru"]);
    removeItem({ db: t.db, actor: editor, slug: GLM, collection: "events", id: updated, input: { version: version() } });
    expect(refs("обновили", "ru")).toEqual([]);
    // A translation of an item that is gone indexes nothing.
    client.prepare("UPDATE translation SET text = 'Статью обновили снова' WHERE subject = 'events' AND subject_id = ?").run(updated);
    expect(refs("обновили", "ru")).toEqual([]);
  });

  it("costs what it matches: the index, then each matching text by its primary key", () => {
    const plan = t.db.$client.prepare(`EXPLAIN QUERY PLAN ${MATCHED_INCIDENTS}`).all({ match: '"утечк"', locale: "ru" }).map((r) => (r as { detail: string }).detail);
    expect(plan).toEqual(["SCAN s VIRTUAL TABLE INDEX 0:M2", "SEARCH d USING INTEGER PRIMARY KEY (rowid=?)", "USE TEMP B-TREE FOR DISTINCT"]);
  });

  it("finds the Russian texts of an archive's copies too (fillArchive copies the translations)", () => {
    const [, , copy] = fillArchive(t.db, 3);
    const found = readDashboard(t.db, { q: "утечка" }, "ru");
    expect(found.page.rows.map((r) => r.slug).filter((s) => s.startsWith(GLM)).sort()).toEqual([GLM, copy].sort());
    expect(found.hits.filter((h) => h.slug === copy && h.locale === "ru").map((h) => h.ref).sort()).toEqual(["leak-begins", "researcher-reported", copy].sort());
  });
});
