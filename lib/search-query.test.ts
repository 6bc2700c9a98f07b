import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MARK_END, MARK_START, MAX_SEARCH_TERMS, ftsQuery, markWords, snippetOf } from "./search-query";
import { stems } from "./stem";

// A real FTS5 table of stems, as migration 0018 makes it: every query the builder writes must run.
const db = new Database(":memory:");
db.exec("CREATE VIRTUAL TABLE t USING fts5(title, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2')");
const insert = db.prepare("INSERT INTO t (rowid, title, body) VALUES (?, ?, ?)");
insert.run(1, stems("Model taken offline"), stems("GLM-5.3 is put into closed mode at 14:00 UTC; redis-py's Asyncio client"));
insert.run(2, stems("Исследователь сообщает об утечке"), stems("Отчёт: утечку заметили не сразу, утечки шли девять дней; Ещё одна ошибка кэша."));
const search = db.prepare("SELECT count(*) AS n FROM t WHERE t MATCH ?").pluck();
const found = (q: string) => search.get(ftsQuery(q)?.query);
const m = (word: string) => `${MARK_START}${word}${MARK_END}`;

describe("ftsQuery", () => {
  it("finds words by prefix, whatever the case and the punctuation around them", () => {
    expect(search.get(ftsQuery("OFFLIN")?.query)).toBe(1);
    expect(search.get(ftsQuery('"redis-py" (asyncio):')?.query)).toBe(1);
    expect(search.get(ftsQuery("closed mode NEAR")?.query)).toBe(0);
  });

  it("finds a word's inflected forms by its stem, in English and Russian", () => {
    expect(found("closes")).toBe(1);
    expect(found("утечка")).toBe(1);
    expect(found("ошибок кэшем")).toBe(1);
    expect(found("утка")).toBe(0);
  });

  it("finds the same texts for any casing and any ё/е spelling of the words", () => {
    const words = ["утечка", "отчет", "еще", "ошибки", "исследователи", "offline", "closed", "asyncio"];
    const respell = (word: string, flips: boolean[]) =>
      Array.from(word, (c, i) => {
        const flipped = flips[i % flips.length] ?? false;
        const c2 = c === "е" && flipped ? "ё" : c === "ё" && flipped ? "е" : c;
        return flips[(i + 1) % flips.length] ? c2.toUpperCase() : c2;
      }).join("");
    fc.assert(
      fc.property(fc.constantFrom(...words), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), (word, flips) => {
        expect(found(respell(word, flips))).toBe(found(word));
        expect(found(respell(word, flips))).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it("needs every word", () => {
    expect(search.get(ftsQuery("offline closed")?.query)).toBe(1);
    expect(search.get(ftsQuery("offline kimi")?.query)).toBe(0);
  });

  it("gives no query when no word is left, and keeps at most the first words", () => {
    expect(ftsQuery(' " * - ( ) ')).toBeNull();
    const many = ftsQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "));
    expect(many?.terms).toHaveLength(MAX_SEARCH_TERMS);
    expect(many?.dropped).toBe(20 - MAX_SEARCH_TERMS);
  });

  it("marks the words a search matched as the text spells them, and cuts a snippet around them", () => {
    const asked = ftsQuery("Утечка ОТЧЕТ")?.words ?? [];
    expect(markWords("Отчёт: утечку заметили, утечки шли.", asked)).toBe(`${m("Отчёт")}: ${m("утечку")} заметили, ${m("утечки")} шли.`);
    const long = `${"слово ".repeat(40)}тут утечка, ${"ещё ".repeat(40)}`;
    const snippet = snippetOf(long, asked, 10);
    expect(snippet.startsWith("…") && snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain(m("утечка"));
    expect(snippetOf("Ничего нет", asked)).toBe("Ничего нет");
  });

  it("writes, for any text at all, either no query or one FTS5 runs", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const q = ftsQuery(text);
        if (q !== null) expect(() => search.get(q.query)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
