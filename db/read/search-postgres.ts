import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Search } from "@/lib/search-query";
import type { SearchEngine } from "./search";

/**
 * Search on PostgreSQL: search_doc's stems, a tsvector made in each text's language's configuration
 * (English or Russian stemming) and kept by triggers (db/pg/migrations/0004_search.sql), under a GIN
 * index. aftermath_search_query asks, as FTS5's query does on SQLite (lib/search-query.ts), for
 * every word: its stem, or a word that begins with it as typed. Its rank is ts_rank's, negated, so lower is better.
 */
export const postgresSearch: SearchEngine = {
  texts: (search: Search) => {
    // The search's words, folded as lib/stem.ts folds them; none holds a space.
    const query = sql`aftermath_search_query(${search.words.map((w) => w.word).join(" ")})`;
    return { from: sql`search_doc d`, where: sql`d.stems @@ ${query}`, rank: sql`-ts_rank(d.stems, ${query})` };
  },
  among: (column: SQL, ids: readonly number[]) => sql`${column} = ANY(CAST(${`{${ids.join(",")}}`} AS bigint[]))`,
};
