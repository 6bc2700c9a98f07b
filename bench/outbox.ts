// `npm run bench:outbox`: what one claim of the outbox costs with 10,000 and with 1,000,000 rows in
// its table (all sent but the few pending), side by side in one run: the claim reads the partial
// index of pending rows, so its cost must not grow with what was sent (issue 21: flat from 10,000
// to 1,000,000). A benchmark, not a test: the target is printed as met or NOT MET.
//
// Env: BENCH_SMALL (10000), BENCH_LARGE (1000000), BENCH_CLAIMS (2000), BENCH_KEEP=1.
import path from "node:path";
import { readEnv } from "@/config/env";
import { openDatabase } from "@/db/client";
import { prepareDatabase } from "@/db/prepare";
import { sqliteClaims } from "@/db/outbox/claim";
import type { Db } from "@/db/client";
import { sqliteStore } from "@/db/store/sqlite";
import type { Store } from "@/db/store/store";
import { fmt, intEnv, msText, phases, printMachine, seconds } from "./support/common";
import { runBench } from "./support/run";
import { serverPool } from "./support/servers";

const SMALL = intEnv("BENCH_SMALL", 10_000);
const LARGE = intEnv("BENCH_LARGE", 1_000_000);
const CLAIMS = intEnv("BENCH_CLAIMS", 2_000);
const PENDING = 1_000;
const WITHIN = 1.5;
const phase = phases();

// Sent rows in bulk, by SQL, then PENDING due ones: a table as a long-running site would hold it.
function fill(db: Db, rows: number): void {
  const payload = JSON.stringify({ type: "subscription.confirm", subscriberId: 1, nonce: 0, incident: null, to: "r•••@example.com" });
  db.$client
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO outbox_message (key, channel, purpose, recipient_hash, domain, payload, state, attempts, due_at, sent_at)
       SELECT 'sent:' || i, CASE i % 2 WHEN 0 THEN 'email' ELSE 'webhook' END, 'news', 'h', 'example.com', ?, 'sent', 1, i, '2026-12-01T00:00:00Z' FROM n`,
    )
    .run(rows - PENDING, payload);
  db.$client
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO outbox_message (key, channel, purpose, recipient, recipient_hash, domain, payload, due_at)
       SELECT 'pending:' || i, 'email', 'confirm', 'r' || i || '@example.com', 'h', 'example.com', ?, i FROM n`,
    )
    .run(PENDING, payload);
}

/** The median of CLAIMS claims of 20 due rows, each put back (deferred) so the next finds as many. */
async function timeClaims(store: Store): Promise<number> {
  const claims = sqliteClaims(store);
  const times: number[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const t = performance.now();
    const claimed = await claims.claimDue({ channel: "email", now: 10_000, lease: `bench-${i}`, leaseMs: 1, limit: 20 });
    times.push(performance.now() - t);
    for (const m of claimed) await claims.defer({ id: m.id, lease: `bench-${i}`, dueAt: (m.id % PENDING) + 1 });
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function main(tmp: string): Promise<number> {
  printMachine("Aftermath outbox benchmark");
  const figures: Array<[number, number]> = [];
  for (const rows of [SMALL, LARGE]) {
    const file = path.join(tmp, `outbox-${rows}.db`);
    await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: "be9c".repeat(16) }), seed: false });
    const db = openDatabase(file);
    const store = sqliteStore(file);
    await phase.run(`${fmt(rows)} rows`, async () => {
      const t = performance.now();
      fill(db, rows);
      console.log(`  filled in ${seconds(performance.now() - t)}`);
      await timeClaims(store);
      const median = await timeClaims(store);
      console.log(`  one claim of 20: median ${msText(median)} over ${fmt(CLAIMS)}`);
      figures.push([rows, median]);
    });
    await store.close();
    db.$client.close();
  }
  const [[, small = 0] = [], [, large = 0] = []] = figures;
  const ratio = large / small;
  console.log(`\n=== Results ===\n  rows         one claim of 20\n  ${fmt(SMALL).padStart(9)}    ${msText(small)}\n  ${fmt(LARGE).padStart(9)}    ${msText(large)}`);
  console.log(`  ratio ${ratio.toFixed(2)}× (target ≤ ${WITHIN}×): ${ratio <= WITHIN ? "met" : "NOT MET"}\n\n${phase.line()}`);
  return 0;
}

runBench("bench:outbox", serverPool(), main);
