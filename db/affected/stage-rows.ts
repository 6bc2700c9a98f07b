import "server-only";
import type { ShapedRow } from "@/domain/record/affected-row";
import type { AffectedShape } from "@/domain/record/affected-shape";
import { readAffectedRows, readRowValues } from "@/domain/affected-list/read-rows";
import { tenantKey } from "@/lib/tenant-key";
import type { ImportProgress } from "@/domain/affected-list/read-rows";
import type { ImportSource } from "@/domain/affected-list/source";
import type { StagedRow, Staging } from "./staged";

/** Where the rows come from: a file or upload, or values (the seed's generated sample). */
export type RowInput = { source: ImportSource; onProgress?: (p: ImportProgress) => void } | { values: readonly unknown[] };

/** Distinct account ids whose tenant key is remembered during one import. */
const TENANT_KEY_MEMO = 20_000;
/** Rows staged at a time. */
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
 * key), a batch at a time, the file waiting while a batch is written; `markAlive` tells the sweep
 * now and then that the list is being built.
 */
export async function stageRows(staging: Staging, shape: AffectedShape, rows: RowInput, secret: string, markAlive: () => Promise<void>) {
  const measures = [0, 1, 2, 3].map((i) => shape.measures[i]?.key ?? null);
  const bits = new Map(shape.dataClasses.map((d, i) => [d.key, 2 ** i]));
  const keyOf = memoize(TENANT_KEY_MEMO, (accountId: string) => tenantKey(secret, accountId));
  const staged = (r: ShapedRow): StagedRow => {
    const [m1, m2, m3, m4] = measures.map((k) => (k === null ? null : (r.measures[k] ?? null)));
    const classes = r.data_classes.reduce((mask, c) => mask + (bits.get(c) ?? 0), 0);
    return [keyOf(r.account_id), r.request_id ?? "", r.occurred_at, m1 ?? null, m2 ?? null, m3 ?? null, m4 ?? null, r.role, classes];
  };
  if ("values" in rows) {
    // Values are in memory already: checked whole first, then staged.
    const all: StagedRow[] = [];
    const read = readRowValues(rows.values, shape, (r) => {
      all.push(staged(r));
    });
    for (let i = 0; i < all.length; i += STAGE_BATCH) await staging.add(all.slice(i, i + STAGE_BATCH));
    return { format: "rows" as const, ...read };
  }
  let touchedAt = performance.now();
  let batch: StagedRow[] = [];
  const flush = async () => {
    const full = batch;
    batch = [];
    if (full.length > 0) await staging.add(full);
    if (performance.now() - touchedAt > TOUCH_EVERY_MS) {
      await markAlive();
      touchedAt = performance.now();
    }
  };
  const read = await readAffectedRows(
    rows.source,
    shape,
    (r) => {
      batch.push(staged(r));
      return batch.length >= STAGE_BATCH ? flush() : undefined;
    },
    rows.onProgress,
  );
  await flush();
  return read;
}
