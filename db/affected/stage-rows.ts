import "server-only";
import type { AffectedRow } from "@/domain/record/affected";
import { readAffectedRows, readRowValues } from "@/domain/affected-list/read-rows";
import { tenantKey } from "@/lib/tenant-key";
import type { ImportProgress } from "@/domain/affected-list/read-rows";
import type { ImportSource } from "@/domain/affected-list/source";
import type { StagedRow, Staging } from "./staging";

/** Where the rows come from: a file or upload, or values (the seed's generated sample). */
export type RowInput = { source: ImportSource; onProgress?: (p: ImportProgress) => void } | { values: readonly unknown[] };

/** Distinct account ids whose tenant key is remembered during one import. */
const TENANT_KEY_MEMO = 20_000;
/** Rows staged per transaction (on the temp database only). */
const STAGE_BATCH = 5_000;
/** How often a list whose rows are still being staged is marked alive (a sweep takes it after 10 minutes). */
const TOUCH_EVERY_MS = 30_000;

/** `fn` remembering up to `limit` results (then it starts afresh): bounded memory. */
function memoize(limit: number, fn: (key: string) => string): (key: string) => string {
  const memo = new Map<string, string>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined) {
      if (memo.size >= limit) memo.clear();
      value = fn(key);
      memo.set(key, value);
    }
    return value;
  };
}

/**
 * Reads every row of the input, checked, and stages it keyed (the account id only as its tenant
 * key), a batch at a time; `markAlive` tells the sweep now and then that the list is being built.
 */
export async function stageRows(staging: Staging, rows: RowInput, secret: string, markAlive: () => void) {
  const keyOf = memoize(TENANT_KEY_MEMO, (accountId: string) => tenantKey(secret, accountId));
  let touchedAt = performance.now();
  let batch: StagedRow[] = [];
  const flush = () => {
    staging.add(batch);
    batch = [];
    if (performance.now() - touchedAt > TOUCH_EVERY_MS) {
      markAlive();
      touchedAt = performance.now();
    }
  };
  const onRow = (r: AffectedRow) => {
    batch.push([keyOf(r.account_id), r.request_id, r.occurred_at, r.prompt_tokens, r.role]);
    if (batch.length >= STAGE_BATCH) flush();
  };
  const read = "values" in rows ? { format: "rows" as const, ...readRowValues(rows.values, onRow) } : await readAffectedRows(rows.source, onRow, rows.onProgress);
  flush();
  return read;
}
