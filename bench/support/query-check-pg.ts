import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { lookupIncident, lookupRowsSql } from "@/lookup/rows";
import { tenantKey } from "@/lib/tenant-key";
import { BenchFailure } from "./common";
import { benchStore } from "./engine";
import { type QueryCheck, hmacTime, summary, timeLookups } from "./query-check";

const planLine = z.object({ "QUERY PLAN": z.string() });
const dialect = new SQLiteAsyncDialect();

/**
 * bench/support/query-check.ts's check on PostgreSQL: lookup/rows.ts's rows statement as the app
 * sends it (through the Store, which numbers its placeholders) put to EXPLAIN for one fixture
 * account, then lookupAffected timed in-process through a Store as the server does.
 */
export async function checkLookupQueryPg({
  database,
  slug,
  secret,
  accountIds,
  budgetMs = 3_000,
  maxCalls = 5_000,
}: {
  database: string;
  slug: string;
  secret: string;
  accountIds: string[];
  budgetMs?: number;
  maxCalls?: number;
}): Promise<QueryCheck> {
  const store = benchStore(database);
  try {
    const first = accountIds[0];
    if (first === undefined) throw new BenchFailure("no account to look up");
    const plans = await store.read(async (tx) => {
      const list = await lookupIncident(tx, slug);
      if (list?.list !== "published") throw new BenchFailure(`${slug} has no published list in ${database}`);
      const query = lookupRowsSql(tx, list.listId, tenantKey(secret, first));
      const plan = await tx.rows(planLine, sql`EXPLAIN ${query}`);
      return [{ sql: shown(query), plan: plan.map((p) => p["QUERY PLAN"].trim()) }];
    });
    const times = await timeLookups(store, slug, accountIds.slice(0, maxCalls).map((id) => tenantKey(secret, id)), budgetMs);
    // An index scan whose condition names tenant_key: the account's rows are found, not the list read.
    const usesTenantKeyIndex = plans.every((p) => p.plan.some((step) => /Index (Only )?Scan/.test(step)) && p.plan.some((step) => /Index Cond: .*tenant_key = /.test(step)));
    return { plans, usesTenantKeyIndex, lookupMs: summary(times), hmacMs: hmacTime(secret, accountIds) };
  } finally {
    await store.close();
  }
}

const shown = (query: SQL) => dialect.sqlToQuery(query).sql.replace(/\s+/g, " ").trim();
