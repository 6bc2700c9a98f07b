// The printout of `npm run bench:lookup`: import, query plan, lookup over HTTP and the profile.
import { coresText, msText, pct, rate, seconds } from "./support/common";
import { type Measured, latency, perCpu, printTable } from "./support/load";
import type { ProfileSummary } from "./support/profile";
import type { QueryCheck } from "./support/query-check";
import type { Engine } from "@/db/store/store";

/** On PostgreSQL, issue 23's: the lookup ≥ 0.5× its node-postgres floor, the import ≥ 0.7× a raw COPY. */
export const TARGETS = {
  sqlite: { vsBare: 0.7, p99Ms: 50, importVsFloor: null },
  postgres: { vsBare: 0.5, p99Ms: 50, importVsFloor: 0.7 },
} as const;

export type Imports = {
  ours: { rows: number; ms: number; reportMs: number; othersCores: number | null };
  baseline: { rows: number; ms: number; othersCores: number | null };
};

/** One turn of each, (a) then (b), with the machine as it was in those seconds. */
export type Round = { app: Measured; bare: Measured };
/** `app` and `bare` pool the rounds. */
export type Results = { app: Measured; appFixed: Measured | null; bare: Measured; rounds: Round[] };

export type RunShape = { engine: Engine; rows: number; accounts: number; connections: number; seconds: number; warmupSeconds: number };

export function report(
  shape: RunShape,
  imports: Imports,
  query: QueryCheck,
  fixedQuery: QueryCheck | null,
  { app, appFixed, bare, rounds }: Results,
  profile: { summary: ProfileSummary; on: string } | null,
): void {
  const ours = imports.ours.rows / (imports.ours.ms / 1000);
  const base = imports.baseline.rows / (imports.baseline.ms / 1000);

  console.log("\n=== Results ===");
  console.log(
    `${shape.rows.toLocaleString("en")} rows over ${shape.accounts.toLocaleString("en")} accounts; ${shape.connections} connections, ` +
      `${shape.seconds} s per target after ${shape.warmupSeconds} s of warm-up`,
  );
  const targets = TARGETS[shape.engine];
  console.log(`Engine: ${shape.engine === "postgres" ? "PostgreSQL (node-postgres), a server of the benchmark's own" : "SQLite (better-sqlite3)"}`);
  if (shape.engine === "postgres") {
    console.log("\nImport (the same CSV, each into a database of its own on the same server):");
    console.log(`  ours, importAffectedList (csv-parse, zod, HMAC, staged, COPY, one INSERT … SELECT, counts):  ${rate(imports.ours.rows, imports.ours.ms)} rows/s  (${seconds(imports.ours.ms)})`);
    console.log(`  floor, raw COPY of the CSV into a plain table (pg-copy-streams, one transaction):          ${rate(imports.baseline.rows, imports.baseline.ms)} rows/s  (${seconds(imports.baseline.ms)})`);
  } else {
    console.log("\nImport (the same CSV, each into a fresh database):");
    console.log(`  ours, importAffectedList (csv-parse, zod, batches, counts):  ${rate(imports.ours.rows, imports.ours.ms)} rows/s  (${seconds(imports.ours.ms)})`);
    console.log(`  baseline, raw prepared-insert loop (split, HMAC/row):       ${rate(imports.baseline.rows, imports.baseline.ms)} rows/s  (${seconds(imports.baseline.ms)})`);
  }
  const importTarget = targets.importVsFloor === null ? "" : ` (target ≥ ${targets.importVsFloor}×: ${met(ours / base >= targets.importVsFloor)})`;
  console.log(`  ours / ${shape.engine === "postgres" ? "floor" : "baseline"}: ${(ours / base).toFixed(2)}${importTarget}`);
  console.log(`  other processes on the machine used ${coresText(imports.ours.othersCores)} and ${coresText(imports.baseline.othersCores)} of CPU during the two imports`);

  console.log(`\nLookup query (lookup/rows.ts, in-process${shape.engine === "postgres" ? ", through a pool to the server" : ""}):`);
  console.log(
    `  ${query.usesTenantKeyIndex ? "searches by (list_id, tenant_key)" : "does NOT search by tenant_key"}: ` +
      `lookupAffected ${msText(query.lookupMs.median)} per call (median of ${query.lookupMs.calls})`,
  );
  if (fixedQuery) {
    console.log(
      `  on an ANALYZEd copy: ${fixedQuery.usesTenantKeyIndex ? "searches by (list_id, tenant_key)" : "still does NOT search by tenant_key"}: ` +
        `${msText(fixedQuery.lookupMs.median)} per call (median of ${fixedQuery.lookupMs.calls})`,
    );
  }

  console.log(`\nLookup over HTTP (${rounds.length} rounds of (a) then (b), pooled; p50 and p99 the worst round's):`);
  printTable([app, appFixed, bare].filter((r): r is Measured => r !== null));
  const ratios = rounds.map((r) => r.app.reqPerSec / r.bare.reqPerSec);
  console.log(`  (a)/(b) by round: ${ratios.map((x) => `${x.toFixed(2)}×`).join(", ")}; lowest ${Math.min(...ratios).toFixed(2)}×`);

  console.log("\nTargets:");
  printRatios(app, bare, "", targets);
  if (appFixed) printRatios(appFixed, bare, " — what the app does once SQLite uses the index", targets);

  if (profile) printProfile(profile, shape.engine);
  console.log("\nThe load generator (autocannon) runs in this process and shares the machine's cores with the server under test.");
}

function printProfile({ summary, on }: { summary: ProfileSummary; on: string }, engine: Engine): void {
  console.log(
    `\nCPU profile of the app server under lookups, on ${on} ` +
      `(${seconds(summary.busyMs)} busy, ${seconds(summary.idleMs)} idle in the window), self time by package:`,
  );
  for (const g of summary.groups) console.log(`  ${pct(g.share).padStart(6)}  ${g.group}`);
  if (engine === "sqlite") console.log("  (better-sqlite3's native calls do not show as frames of their own: SQLite's time is in the self time of the function that calls the statement)");
  else console.log("  (PostgreSQL runs in its own processes: only the driver's work shows here, not the server's)");
  console.log(
    `  our code on the stack (the route handler and everything it calls: zod, HMAC, the database driver, Response): ${pct(summary.underOurCode)}; ` +
      `the rest is Next's server and Node serving the request: ${pct(1 - summary.underOurCode)}`,
  );
  console.log("\n  top functions by self time:");
  for (const f of summary.top) console.log(`  ${pct(f.share).padStart(6)}  [${f.group}]  ${f.name}${f.where ? `  ${f.where}` : ""}`);
}

const met = (ok: boolean) => (ok ? "met" : "NOT MET");

function printRatios(app: Measured, bare: Measured, note: string, targets: { vsBare: number; p99Ms: number }): void {
  const vsBare = app.reqPerSec / bare.reqPerSec;
  console.log(`  ${app.target}${note}:`);
  console.log(`    vs bare server: ${vsBare.toFixed(2)}× (goal ≥ ${targets.vsBare}×): ${met(vsBare >= targets.vsBare)}`);
  console.log(`    p99: ${latency(app, "p99")} (goal ≤ ${targets.p99Ms} ms): ${met(app.ok > 0 && app.p99 <= targets.p99Ms)}`);
  const [a, b] = [perCpu(app), perCpu(bare)];
  if (a !== null && b !== null && b > 0) console.log(`    per server CPU-second (barely moved by other load on the machine): ${(a / b).toFixed(2)}× the bare server`);
}

export function printQueryCheck(check: QueryCheck): void {
  for (const { sql, plan } of check.plans) {
    console.log(`  ${sql}`);
    for (const step of plan) console.log(`    plan: ${step}`);
  }
  console.log(
    `  lookupAffected: median ${msText(check.lookupMs.median)}, mean ${msText(check.lookupMs.mean)} over ${check.lookupMs.calls} calls; ` +
      `tenantKey (HMAC) ${msText(check.hmacMs)}`,
  );
  if (!check.usesTenantKeyIndex) console.log("  WARNING: the lookup does not search the index by tenant_key: every lookup reads the whole list");
}
