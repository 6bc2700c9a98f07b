import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Search } from "@/lib/search-query";
import type { SearchEngine } from "./search";

/**
 * Search on SQLite: FTS5's search_stem (migration 0018) holds each text's stems, made by
 * aftermath_stems (lib/stem.ts, which db/client.ts registers on every connection); a matching text
 * (search_stem's rowid) is a row of search_doc, read by primary key. Its rank is FTS5's bm25, lower better.
 */
export const sqliteSearch: SearchEngine = {
  texts: (search: Search) => ({
    from: sql`search_stem s JOIN search_doc d ON d.id = s.rowid`,
    where: sql`search_stem MATCH ${search.query}`,
    rank: sql`s.rank`,
  }),
  // The matched incidents are bound as one value, however many there are.
  among: (column: SQL, ids: readonly number[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
};
