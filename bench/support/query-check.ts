import type Database from "better-sqlite3";
import { sqliteStore } from "@/db/store/sqlite";
import type { Store } from "@/db/store/store";
import { lookupAffected, lookupIncident } from "@/lookup/rows";
import { tenantKey } from "@/lib/tenant-key";

export type QueryCheck = {
  /** The statements lookup/rows.ts prepares, as the engine plans them. */
  plans: Array<{ sql: string; plan: string[] }>;
  /** True when every statement that filters on tenant_key searches an index by it. */
  usesTenantKeyIndex: boolean;
  /** lookupAffected (the db layer the route calls: SQLite + mapping), in-process, per call. */
  lookupMs: { median: number; mean: number; calls: number };
  /** tenantKey (HMAC-SHA-256) per call. */
  hmacMs: number;
};

/**
 * Calls the app's own lookupAffected on `file` for the given accounts, in this process, through a
 * Store as the server does, with the statements its reading connection compiles captured so their
 * query plans can be printed. Stops after `budgetMs` or `maxCalls`, whichever comes first (at least one call).
 */
export async function checkLookupQuery({
  file,
  slug,
  secret,
  accountIds,
  budgetMs = 3_000,
  maxCalls = 5_000,
}: {
  file: string;
  slug: string;
  secret: string;
  accountIds: string[];
  budgetMs?: number;
  maxCalls?: number;
}): Promise<QueryCheck> {
  const store = sqliteStore(file);
  try {
    const client = await readingConnection(store);
    const seen: string[] = [];
    const prepare = client.prepare.bind(client);
    client.prepare = ((sql: string) => {
      if (!/^(BEGIN|COMMIT|ROLLBACK)/.test(sql)) seen.push(sql);
      return prepare(sql);
    }) as Database.Database["prepare"];

    const times = await timeLookups(store, slug, accountIds.slice(0, maxCalls).map((id) => tenantKey(secret, id)), budgetMs);
    client.prepare = prepare;

    const hmacMs = hmacTime(secret, accountIds);

    const plans = seen.map((sql) => ({
      sql: sql.replace(/\s+/g, " ").trim(),
      plan: (client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...placeholders(sql)) as Array<{ detail: string }>).map((r) => r.detail),
    }));
    const usesTenantKeyIndex = plans
      .filter((p) => /tenant_key\s*=\s*\?/.test(p.sql))
      .every((p) => p.plan.some((step) => /USING (COVERING )?INDEX .*tenant_key=\?/.test(step)));
    return { plans, usesTenantKeyIndex, lookupMs: summary(times), hmacMs };
  } finally {
    await store.close();
  }
}

/** The connection the store reads on, whose statements are compiled once each (db/statements.ts). */
const readingConnection = (store: Store) =>
  store.read(async (tx) => {
    if (tx.native.engine !== "sqlite") throw new Error("not SQLite");
    return tx.native.client;
  });

/** Milliseconds per lookup of each account (the incident, then its rows), until the budget is spent. */
export async function timeLookups(store: Store, slug: string, keys: string[], budgetMs: number): Promise<number[]> {
  const times: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (const key of keys) {
    const t = performance.now();
    await store.read(async (tx) => {
      const list = await lookupIncident(tx, slug);
      if (list?.list === "published") await lookupAffected(tx, list, { kind: "account", tenantKey: key });
    });
    times.push(performance.now() - t);
    if (performance.now() > deadline) break;
  }
  return times;
}

/** Milliseconds per tenantKey (HMAC-SHA-256), over up to 20,000 accounts. */
export function hmacTime(secret: string, accountIds: string[]): number {
  const started = performance.now();
  const calls = Math.min(accountIds.length, 20_000);
  for (let i = 0; i < calls; i++) tenantKey(secret, accountIds[i] as string);
  return (performance.now() - started) / Math.max(1, calls);
}

/** Median and mean of the calls, the first left out: it prepares the statements. */
export function summary(times: number[]): QueryCheck["lookupMs"] {
  const steady = times.length > 1 ? times.slice(1) : times;
  const sorted = [...steady].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, mean: steady.reduce((a, b) => a + b, 0) / Math.max(1, steady.length), calls: times.length };
}

/** Values for EXPLAIN: the plan does not depend on them. */
function placeholders(sql: string): Array<string | number> {
  return (sql.match(/\?/g) ?? []).map(() => "x");
}
