import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TERMS, ftsQuery } from "./search-query";

// A real FTS5 table, as the migration makes it: every query the builder writes must run.
const db = new Database(":memory:");
db.exec("CREATE VIRTUAL TABLE t USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')");
db.prepare("INSERT INTO t (title, body) VALUES (?, ?)").run("Model taken offline", "GLM-5.3 is put into closed mode at 14:00 UTC; redis-py's Asyncio client");
const search = db.prepare("SELECT count(*) AS n FROM t WHERE t MATCH ?").pluck();

describe("ftsQuery", () => {
  it("finds words by prefix, whatever the case and the punctuation around them", () => {
    expect(search.get(ftsQuery("OFFLIN")?.query)).toBe(1);
    expect(search.get(ftsQuery('"redis-py" (asyncio):')?.query)).toBe(1);
    expect(search.get(ftsQuery("closed mode NEAR")?.query)).toBe(0);
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
