import type Database from "better-sqlite3";
import { openDatabase } from "@/db/client";
import { lookupAffected, lookupIncident } from "@/lookup/rows";
import { tenantKey } from "@/lib/tenant-key";

export type QueryCheck = {
  /** The statements lookup/rows.ts prepares, as SQLite plans them. */
  plans: Array<{ sql: string; plan: string[] }>;
  /** True when every statement that filters on tenant_key searches an index by it. */
  usesTenantKeyIndex: boolean;
  /** lookupAffected (the db layer the route calls: SQLite + mapping), in-process, per call. */
  lookupMs: { median: number; mean: number; calls: number };
  /** tenantKey (HMAC-SHA-256) per call. */
  hmacMs: number;
};

/**
 * Calls the app's own lookupAffected on `file` for the given accounts, in this process, with the
 * statements it prepares captured so their query plans can be printed. Stops after `budgetMs` or
 * `maxCalls`, whichever comes first (at least one call).
 */
export function checkLookupQuery({
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
}): QueryCheck {
  const db = openDatabase(file);
  const client = db.$client;
  try {
    const seen: string[] = [];
    const prepare = client.prepare.bind(client);
    client.prepare = ((sql: string) => {
      seen.push(sql);
      return prepare(sql);
    }) as Database.Database["prepare"];

    const times = timeLookups(db, slug, accountIds.slice(0, maxCalls).map((id) => tenantKey(secret, id)), budgetMs);
    client.prepare = prepare;

    const hmacStarted = performance.now();
    const hmacCalls = Math.min(accountIds.length, 20_000);
    for (let i = 0; i < hmacCalls; i++) tenantKey(secret, accountIds[i] as string);
    const hmacMs = (performance.now() - hmacStarted) / Math.max(1, hmacCalls);

    const plans = seen.map((sql) => ({
      sql: sql.replace(/\s+/g, " ").trim(),
      plan: (client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...placeholders(sql)) as Array<{ detail: string }>).map((r) => r.detail),
    }));
    const usesTenantKeyIndex = plans
      .filter((p) => /tenant_key\s*=\s*\?/.test(p.sql))
      .every((p) => p.plan.some((step) => /USING (COVERING )?INDEX .*tenant_key=\?/.test(step)));
    // Drop the first call: it prepares the statements.
    const steady = times.length > 1 ? times.slice(1) : times;
    const sorted = [...steady].sort((a, b) => a - b);
    return {
      plans,
      usesTenantKeyIndex,
      lookupMs: {
        median: sorted[Math.floor(sorted.length / 2)] ?? 0,
        mean: steady.reduce((a, b) => a + b, 0) / Math.max(1, steady.length),
        calls: times.length,
      },
      hmacMs,
    };
  } finally {
    client.close();
  }
}

/** Milliseconds per lookup of each account (the incident, then its rows), until the budget is spent. */
function timeLookups(db: ReturnType<typeof openDatabase>, slug: string, keys: string[], budgetMs: number): number[] {
  const times: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (const key of keys) {
    const t = performance.now();
    const list = lookupIncident(db, slug);
    if (list?.list === "published") lookupAffected(db, list, { kind: "account", tenantKey: key });
    times.push(performance.now() - t);
    if (performance.now() > deadline) break;
  }
  return times;
}

/** Values for EXPLAIN: the plan does not depend on them. */
function placeholders(sql: string): Array<string | number> {
  return (sql.match(/\?/g) ?? []).map(() => "x");
}
