// `npm run bench:lookup`: import throughput (our importer vs a raw insert loop) and lookup
// throughput (the app's lookup route vs a bare node:http server vs an empty route in the same app)
// on a million affected rows. When SQLite does not plan the lookup through the tenant_key index, the
// app is also measured on an ANALYZEd copy of the database, (a'), to show its cost apart from the plan.
// A benchmark, not a test: the targets are reported as met or not met and do not decide the exit
// code; it exits 1 only when something broke (a build or server that did not start, wrong lookup
// answers, errors — timeouts included — or non-2xx answers under load).
//
// See BENCHMARKS.md for a run and what it showed.
//
// Env: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ROWS (1000000),
// BENCH_ACCOUNTS (100000), BENCH_REUSE_BUILD=1 (keep an existing build), BENCH_PROFILE (1 always,
// 0 never, default: when the app is under half the bare server), BENCH_PROFILE_SECONDS (5),
// BENCH_KEEP=1 (keep the temp dir).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { openDatabase } from "@/db/client";
import { readEnv } from "@/db/env";
import { importAffected } from "@/db/import-affected";
import { writeFixtureCsv } from "@/db/import/fixture";
import { prepareDatabase } from "@/db/prepare";
import { sourcesMtime } from "@/scripts/build-stamp";
import { baselineImport } from "./support/baseline-import";
import { type CpuShares, cpuBetween, cpuSnapshot } from "./support/cpu";
import { type ProfileSummary, summariseProfile } from "./support/profile";
import { type QueryCheck, checkLookupQuery } from "./support/query-check";
import { type Server, freePort, startServer, stopServer } from "./support/servers";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SLUG = "glm-5-3-kv-cache-exposure";
const LOOKUP_PATH = `/api/incidents/${SLUG}/lookup`;
const NOOP_PATH = "/api/bench/noop";
/** Fixed, so runs are comparable; not a real secret. */
const SECRET = "be9c".repeat(16);
/**
 * The benchmark's own build. Under node_modules/.cache so that git, ESLint (`eslint .`) and tsc
 * leave it alone, as they do .next and .next-test.
 */
const DIST_DIR = "node_modules/.cache/aftermath-bench/next";
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

const ROWS = intEnv("BENCH_ROWS", 1_000_000);
const ACCOUNTS = intEnv("BENCH_ACCOUNTS", 100_000);
const SECONDS = intEnv("BENCH_SECONDS", 10);
/** Next's route handlers take about 8 s under load to reach their steady throughput (JIT). */
const WARMUP_SECONDS = intEnv("BENCH_WARMUP_SECONDS", 10);
const CONNECTIONS = intEnv("BENCH_CONNECTIONS", 50);
const PROFILE_SECONDS = intEnv("BENCH_PROFILE_SECONDS", 5);
const PROFILE = process.env.BENCH_PROFILE ?? "auto";
const REUSE_BUILD = process.env.BENCH_REUSE_BUILD === "1";
const KEEP = process.env.BENCH_KEEP === "1";
/** Accounts checked against the fixture on each target before the load (not timed): up to this many, for up to 5 s. */
const SPOT_CHECKS = 25;
/** CPU (in cores) other processes may use during a run before the printout calls the figures noisy. */
const NOISY_CORES = 0.25;
/** autocannon's timeout: a request without an answer by then counts as an error. */
const TIMEOUT_SECONDS = 10;

const TARGETS = { vsEmpty: 0.85, vsBare: 0.5, p99Ms: 100 } as const;

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, not "${raw}"`);
  return value;
}

class BenchFailure extends Error {}

type Measured = {
  target: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Responses received (any status). */
  total: number;
  ok: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** CPU used during the measured run, in cores: the server, the load generator, everything else. */
  cpu: CpuShares | null;
};

const running = new Set<Server>();
let tmpDir: string | null = null;
const phases: Array<[string, number]> = [];

async function phase<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  console.log(`\n» ${name}`);
  try {
    return await fn();
  } finally {
    phases.push([name, performance.now() - started]);
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  printMachine();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-bench-"));
  tmpDir = tmp;
  const csv = path.join(tmp, "affected.csv");
  const dbFile = path.join(tmp, "aftermath.db");
  const baselineDb = path.join(tmp, "baseline.db");
  const analyzedDb = path.join(tmp, "analyzed.db");
  let failed = false;
  try {
    await phase(`fixture: ${ROWS.toLocaleString("en")} rows over ${ACCOUNTS.toLocaleString("en")} accounts`, async () => {
      const { bytes } = await writeFixtureCsv(csv, { rows: ROWS, accounts: ACCOUNTS, seed: 1 });
      console.log(`  ${csv} (${mib(bytes)})`);
    });

    await phase("databases: migrations + the shipped incident, twice", () => {
      for (const file of [dbFile, baselineDb]) {
        prepareDatabase({ env: readEnv({ DATABASE_PATH: file, LOOKUP_SECRET: SECRET }) });
      }
    });

    await phase(`build: next build into ${DIST_DIR}`, () => build(tmp, dbFile));

    const imports = await phase("import throughput", () => measureImports(csv, dbFile, baselineDb));

    const accounts = await phase("accounts for the lookups (read from the CSV, not timed)", () => readAccounts(csv));
    const ids = [...accounts.keys()];
    const bodies = ids.map((accountId) => JSON.stringify({ accountId }));
    console.log(`  ${bodies.length.toLocaleString("en")} distinct account ids; the bodies cycle over all of them`);

    const query = await phase("lookup query in-process: db/lookup.ts's statements and lookupAffected per call", () => {
      const check = checkLookupQuery({ file: dbFile, slug: SLUG, secret: SECRET, accountIds: ids });
      printQueryCheck(check);
      return check;
    });

    // When SQLite does not search by tenant_key, also measure the app on a copy with statistics
    // (ANALYZE), where it does: the app's own cost, apart from the plan. The original stays as it is.
    let fixedQuery: QueryCheck | null = null;
    if (!query.usesTenantKeyIndex) {
      fixedQuery = await phase("the same on an ANALYZEd copy of the database", () => {
        fs.copyFileSync(dbFile, analyzedDb);
        const db = new Database(analyzedDb);
        db.exec("ANALYZE");
        db.close();
        const check = checkLookupQuery({ file: analyzedDb, slug: SLUG, secret: SECRET, accountIds: ids });
        printQueryCheck(check);
        return check;
      });
    }

    const appEnv = (database: string): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: DIST_DIR,
      DATABASE_PATH: database,
      LOOKUP_SECRET: SECRET,
      LOOKUP_RATE_LIMIT_PER_MINUTE: "0",
      LOOKUP_ACCOUNT_RATE_LIMIT_PER_MINUTE: "0",
      TRUST_PROXY: "0",
      AFTERMATH_BENCH: "1",
    });
    const serverMjs = path.join(ROOT, "scripts/server.mjs");

    // The empty route first: a slow lookup leaves work queued in the server after its run.
    const { app, empty } = await phase("(c) empty route, then (a) app lookup: node scripts/server.mjs", async () => {
      const server = await start("app", [serverMjs], appEnv(dbFile), path.join(tmp, "app.log"), NOOP_PATH);
      try {
        await spotCheck(server.baseURL, accounts);
        const empty = await measure("(c) app empty route", server, NOOP_PATH, bodies);
        const app = await measure("(a) app lookup", server, LOOKUP_PATH, bodies);
        return { app, empty };
      } finally {
        await stop(server);
      }
    });

    let appFixed: Measured | null = null;
    if (fixedQuery) {
      appFixed = await phase("(a') app lookup on the ANALYZEd copy: node scripts/server.mjs", async () => {
        const server = await start("app (ANALYZEd copy)", [serverMjs], appEnv(analyzedDb), path.join(tmp, "app-analyzed.log"), NOOP_PATH);
        try {
          await spotCheck(server.baseURL, accounts);
          return await measure("(a') app lookup, ANALYZEd copy", server, LOOKUP_PATH, bodies);
        } finally {
          await stop(server);
        }
      });
    }

    const bare = await phase("(b) bare node:http + better-sqlite3: node bench/bare-server.mjs", async () => {
      const server = await start(
        "bare server",
        [path.join(ROOT, "bench/bare-server.mjs")],
        { ...process.env, DATABASE_PATH: dbFile, LOOKUP_SECRET: SECRET },
        path.join(tmp, "bare.log"),
        LOOKUP_PATH,
      );
      try {
        await spotCheck(server.baseURL, accounts);
        return await measure("(b) bare node:http lookup", server, LOOKUP_PATH, bodies);
      } finally {
        await stop(server);
      }
    });

    let profile: { summary: ProfileSummary; on: string } | null = null;
    if (PROFILE === "1" || (PROFILE === "auto" && app.reqPerSec / bare.reqPerSec < TARGETS.vsBare)) {
      const on = fixedQuery ? "the ANALYZEd copy" : "the benchmark database";
      profile = await phase(`profile: node --cpu-prof scripts/server.mjs on ${on}, ${PROFILE_SECONDS} s of lookups`, async () => ({
        summary: await profileApp(tmp, appEnv(fixedQuery ? analyzedDb : dbFile), bodies),
        on,
      }));
    }

    const results = { app, appFixed, bare, empty };
    report(imports, query, fixedQuery, results, profile);
    const broken = [app, appFixed, bare, empty].filter((r): r is Measured => r !== null && (r.errors > 0 || r.non2xx > 0));
    failed = broken.length > 0;
    if (failed) {
      console.error(
        `\nSomething broke: ${broken.map((r) => `${r.target} had ${r.errors} errors (${r.timeouts} timeouts: no answer within ${TIMEOUT_SECONDS} s) and ${r.non2xx} non-2xx answers`).join("; ")}.`,
      );
    }
  } finally {
    for (const server of running) await stop(server);
    if (KEEP) console.log(`\nkept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
  const total = performance.now() - started;
  console.log(`\nphases: ${phases.map(([name, ms]) => `${name.split(":")[0]} ${seconds(ms)}`).join(", ")}`);
  console.log(`whole benchmark: ${seconds(total)}`);
  return failed ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Build

function build(tmp: string, dbFile: string): void {
  const distPath = path.join(ROOT, DIST_DIR);
  if (REUSE_BUILD && fs.existsSync(path.join(distPath, "BUILD_ID"))) {
    const stamp = readStamp(distPath);
    const stale = stamp === null || stamp < sourcesMtime();
    console.log(`  BENCH_REUSE_BUILD=1: reusing ${DIST_DIR}${stale ? " (WARNING: sources changed since it was built)" : ""}`);
    return;
  }
  const log = path.join(tmp, "build.log");
  const builtFrom = sourcesMtime();
  const result = keepingTypeScriptFiles(() =>
    spawnSync(process.execPath, [NEXT_BIN, "build"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NODE_OPTIONS: "",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: DIST_DIR,
        DATABASE_PATH: dbFile,
        LOOKUP_SECRET: SECRET,
      },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  fs.writeFileSync(log, `${result.stdout ?? ""}${result.stderr ?? ""}`);
  if (result.error || result.status !== 0) {
    throw new BenchFailure(`next build failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}):\n${tail(log, 40)}`);
  }
  fs.writeFileSync(path.join(distPath, "aftermath-bench-build.json"), JSON.stringify({ builtFrom }) + "\n");
}

function readStamp(distPath: string): number | null {
  try {
    const { builtFrom } = JSON.parse(fs.readFileSync(path.join(distPath, "aftermath-bench-build.json"), "utf8")) as { builtFrom?: unknown };
    return typeof builtFrom === "number" ? builtFrom : null;
  } catch {
    return null;
  }
}

/**
 * `next build` adds its type globs for a new distDir to tsconfig.json's include and points
 * next-env.d.ts (generated, git-ignored) at that distDir. The benchmark's build must not change the
 * project's files: both are put back as they were — tsconfig.json only when the build's additions
 * are the sole change (anything else is someone's edit, and is left alone with a warning).
 */
function keepingTypeScriptFiles<T>(fn: () => T): T {
  const tsconfigFile = path.join(ROOT, "tsconfig.json");
  const nextEnvFile = path.join(ROOT, "next-env.d.ts");
  const tsconfig = fs.readFileSync(tsconfigFile, "utf8");
  const nextEnv = fs.existsSync(nextEnvFile) ? fs.readFileSync(nextEnvFile, "utf8") : null;
  try {
    return fn();
  } finally {
    const nowTsconfig = fs.readFileSync(tsconfigFile, "utf8");
    if (nowTsconfig !== tsconfig) {
      if (onlyDistDirIncludesAdded(tsconfig, nowTsconfig)) fs.writeFileSync(tsconfigFile, tsconfig);
      else console.warn("  WARNING: tsconfig.json changed during the build beyond next build's type globs; left as it is");
    }
    const nowNextEnv = fs.existsSync(nextEnvFile) ? fs.readFileSync(nextEnvFile, "utf8") : null;
    if (nowNextEnv !== nextEnv && nowNextEnv?.includes(DIST_DIR)) {
      if (nextEnv === null) fs.rmSync(nextEnvFile);
      else fs.writeFileSync(nextEnvFile, nextEnv);
    }
  }
}

function onlyDistDirIncludesAdded(before: string, after: string): boolean {
  try {
    const a = JSON.parse(before) as { include?: unknown };
    const b = JSON.parse(after) as { include?: unknown };
    if (!Array.isArray(b.include)) return false;
    b.include = b.include.filter((entry) => !(typeof entry === "string" && entry.startsWith(`${DIST_DIR}/`)));
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Import

type Imports = {
  ours: { rows: number; ms: number; reportMs: number; othersCores: number | null };
  baseline: { rows: number; ms: number; othersCores: number | null };
};

async function measureImports(csv: string, dbFile: string, baselineDb: string): Promise<Imports> {
  const db = openDatabase(dbFile);
  let ours: Imports["ours"];
  try {
    const before = cpuSnapshot(undefined);
    const t = performance.now();
    const report = await importAffected({ db, incidentSlug: SLUG, file: csv, secret: SECRET });
    const ms = performance.now() - t;
    const cpu = cpuBetween(before, cpuSnapshot(undefined));
    if (report.rowsRead !== ROWS || report.added !== ROWS) {
      throw new BenchFailure(`importAffected read ${report.rowsRead} rows and added ${report.added}; expected ${ROWS}`);
    }
    ours = { rows: report.rowsRead, ms, reportMs: report.elapsedMs, othersCores: cpu?.others ?? null };
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.$client.close();
  }
  console.log(`  ours (importAffected):      ${rate(ours.rows, ours.ms)} rows/s (${seconds(ours.ms)}); other processes used ${coresText(ours.othersCores)}`);

  const incidentId = incidentIdIn(baselineDb);
  const before = cpuSnapshot(undefined);
  const baseline = await baselineImport({ file: csv, dbFile: baselineDb, incidentId, secret: SECRET });
  const baselineOthers = cpuBetween(before, cpuSnapshot(undefined))?.others ?? null;
  if (baseline.added !== ROWS) throw new BenchFailure(`the baseline added ${baseline.added} rows; expected ${ROWS}`);
  console.log(
    `  baseline (raw insert loop): ${rate(baseline.rows, baseline.elapsedMs)} rows/s (${seconds(baseline.elapsedMs)}); other processes used ${coresText(baselineOthers)}`,
  );
  fs.rmSync(baselineDb, { force: true });
  return { ours, baseline: { rows: baseline.rows, ms: baseline.elapsedMs, othersCores: baselineOthers } };
}

function incidentIdIn(file: string): number {
  const db = new Database(file, { fileMustExist: true, readonly: true });
  try {
    const row = db.prepare("SELECT id FROM incident WHERE slug = ?").get(SLUG) as { id: number } | undefined;
    if (!row) throw new BenchFailure(`no incident ${SLUG} in ${file}`);
    return row.id;
  } finally {
    db.close();
  }
}

/** Every account id of the fixture (lower-cased) with its number of rows. */
async function readAccounts(csv: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let rest = "";
  let header = true;
  const line = (text: string) => {
    if (header || text === "") {
      header = false;
      return;
    }
    const id = text.slice(0, text.indexOf(",")).toLowerCase();
    counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  for await (const chunk of fs.createReadStream(csv, { encoding: "utf8", highWaterMark: 1024 * 1024 })) {
    const lines = (rest + (chunk as string)).split("\n");
    rest = lines.pop() ?? "";
    for (const text of lines) line(text);
  }
  line(rest);
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Servers and load

async function start(name: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, readyPath: string): Promise<Server> {
  const port = await freePort();
  const probe = JSON.stringify({ accountId: "0".repeat(32) });
  const server = await startServer({
    name,
    args,
    env,
    port,
    logFile,
    ready: async (baseURL) => {
      const res = await post(baseURL + readyPath, probe);
      return res.status === 200;
    },
  });
  running.add(server);
  console.log(`  ${name} answering on ${server.baseURL} (pid ${server.child.pid})`);
  return server;
}

async function stop(server: Server): Promise<void> {
  await stopServer(server);
  running.delete(server);
}

function post(url: string, body: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    signal: AbortSignal.timeout(10_000),
  });
}

/** A few accounts, each answer checked against the fixture: a fast wrong answer is no result. */
async function spotCheck(baseURL: string, accounts: Map<string, number>): Promise<void> {
  const ids = [...accounts.keys()];
  const step = Math.max(1, Math.floor(ids.length / SPOT_CHECKS));
  const deadline = performance.now() + 5_000;
  let checked = 0;
  for (let i = 0; i < ids.length && checked < SPOT_CHECKS && (checked < 2 || performance.now() < deadline); i += step) {
    const id = ids[i] as string;
    const res = await post(baseURL + LOOKUP_PATH, JSON.stringify({ accountId: id.toUpperCase() }));
    const body = (await res.json()) as { affected?: boolean; responses?: number };
    if (res.status !== 200 || body.affected !== true || body.responses !== accounts.get(id)) {
      throw new BenchFailure(
        `${baseURL}${LOOKUP_PATH} answered ${res.status} with ${body.responses} responses for a fixture account with ${accounts.get(id)}`,
      );
    }
    checked++;
  }
  const unknown = await post(baseURL + LOOKUP_PATH, JSON.stringify({ accountId: "f".repeat(32) }));
  const answer = (await unknown.json()) as { affected?: boolean };
  if (unknown.status !== 200 || answer.affected !== false) throw new BenchFailure(`${baseURL}: an unknown account did not get affected: false`);
  console.log(`  spot check: ${checked} fixture accounts and 1 unknown one answered as expected`);
}

function load(url: string, bodies: string[], seconds: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
      },
    ],
  });
}

async function measure(target: string, server: Server, urlPath: string, bodies: string[]): Promise<Measured> {
  const url = server.baseURL + urlPath;
  const warm = await load(url, bodies, WARMUP_SECONDS);
  const before = cpuSnapshot(server.child.pid);
  const result = await load(url, bodies, SECONDS);
  const cpu = cpuBetween(before, cpuSnapshot(server.child.pid));
  const measured: Measured = {
    target,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    ok: result["2xx"],
    errors: result.errors + warm.errors,
    timeouts: result.timeouts + warm.timeouts,
    non2xx: result.non2xx + warm.non2xx,
    cpu,
  };
  console.log(
    `  ${target}: ${fmt(measured.reqPerSec)} req/s, p50 ${ms(measured, "p50")}, p99 ${ms(measured, "p99")}, ` +
      `${measured.total.toLocaleString("en")} answers, errors ${measured.errors} (timeouts ${measured.timeouts}), non-2xx ${measured.non2xx}; ` +
      `CPU ${cpuText(cpu)}`,
  );
  return measured;
}

async function profileApp(tmp: string, env: NodeJS.ProcessEnv, bodies: string[]): Promise<ProfileSummary> {
  const dir = path.join(tmp, "profile");
  fs.mkdirSync(dir);
  const app = await start(
    "app (profiled)",
    ["--cpu-prof", "--cpu-prof-dir", dir, path.join(ROOT, "scripts/server.mjs")],
    env,
    path.join(tmp, "app-profiled.log"),
    NOOP_PATH,
  );
  let from: number;
  let to: number;
  try {
    await load(app.baseURL + LOOKUP_PATH, bodies, WARMUP_SECONDS);
    from = performance.now() - app.spawnedAt;
    const result = await load(app.baseURL + LOOKUP_PATH, bodies, PROFILE_SECONDS);
    to = performance.now() - app.spawnedAt;
    console.log(`  under the profiler: ${fmt(result.requests.average)} req/s (the profiler costs some)`);
  } finally {
    await stop(app);
  }
  const file = fs.readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new BenchFailure("node --cpu-prof wrote no profile");
  if (KEEP) console.log(`  profile: ${path.join(dir, file)}`);
  return summariseProfile(path.join(dir, file), ROOT, from, to);
}

// ---------------------------------------------------------------------------------------------
// Report

type Results = { app: Measured; appFixed: Measured | null; bare: Measured; empty: Measured };

function report(
  imports: Imports,
  query: QueryCheck,
  fixedQuery: QueryCheck | null,
  { app, appFixed, bare, empty }: Results,
  profile: { summary: ProfileSummary; on: string } | null,
): void {
  const ours = imports.ours.rows / (imports.ours.ms / 1000);
  const base = imports.baseline.rows / (imports.baseline.ms / 1000);

  console.log("\n=== Results ===");
  console.log(
    `${ROWS.toLocaleString("en")} rows over ${ACCOUNTS.toLocaleString("en")} accounts; ${CONNECTIONS} connections, ` +
      `${SECONDS} s per target after ${WARMUP_SECONDS} s of warm-up`,
  );
  console.log("\nImport (one transaction, the same CSV, each into a fresh database):");
  console.log(`  ours, importAffected (csv-parse, zod, memoised HMAC):  ${rate(imports.ours.rows, imports.ours.ms)} rows/s  (${seconds(imports.ours.ms)})`);
  console.log(`  baseline, raw prepared-insert loop (split, HMAC/row):  ${rate(imports.baseline.rows, imports.baseline.ms)} rows/s  (${seconds(imports.baseline.ms)})`);
  console.log(`  ours / baseline: ${(ours / base).toFixed(2)}`);
  console.log(`  other processes on the machine used ${coresText(imports.ours.othersCores)} and ${coresText(imports.baseline.othersCores)} of CPU during the two imports`);

  console.log("\nLookup query (db/lookup.ts, in-process):");
  console.log(
    `  ${query.usesTenantKeyIndex ? "searches by (incident_id, tenant_key)" : "does NOT search by tenant_key"}: ` +
      `lookupAffected ${msText(query.lookupMs.median)} per call (median of ${query.lookupMs.calls})`,
  );
  if (fixedQuery) {
    console.log(
      `  on an ANALYZEd copy: ${fixedQuery.usesTenantKeyIndex ? "searches by (incident_id, tenant_key)" : "still does NOT search by tenant_key"}: ` +
        `${msText(fixedQuery.lookupMs.median)} per call (median of ${fixedQuery.lookupMs.calls})`,
    );
  }

  console.log("\nLookup over HTTP:");
  const rows = [app, appFixed, bare, empty].filter((r): r is Measured => r !== null);
  const header = ["target", "req/s", "p50 ms", "p99 ms", "errors / non-2xx", "CPU, cores: server / load gen. / others", "req per server CPU-s"];
  const cells = rows.map((r) => [
    r.target,
    fmt(r.reqPerSec),
    ms(r, "p50", false),
    ms(r, "p99", false),
    `${r.errors} / ${r.non2xx}`,
    r.cpu ? `${r.cpu.server.toFixed(2)} / ${r.cpu.loadGenerator.toFixed(2)} / ${r.cpu.others.toFixed(2)}` : "n/a",
    perCpu(r) === null ? "n/a" : fmt(perCpu(r) ?? 0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
  const line = (c: string[]) => "  " + c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join("  ");
  console.log(line(header));
  for (const c of cells) console.log(line(c));

  console.log("\nTargets:");
  printRatios(app, bare, empty, "");
  if (appFixed) printRatios(appFixed, bare, empty, " — what the app does once SQLite uses the index");
  console.log(`  (for reference: empty route / bare server ${(empty.reqPerSec / bare.reqPerSec).toFixed(2)}×)`);

  if (profile) {
    const { summary } = profile;
    console.log(
      `\nCPU profile of the app server under lookups, on ${profile.on} ` +
        `(${seconds(summary.busyMs)} busy, ${seconds(summary.idleMs)} idle in the window), self time by package:`,
    );
    for (const g of summary.groups) console.log(`  ${pct(g.share).padStart(6)}  ${g.group}`);
    console.log("  (better-sqlite3's native calls do not show as frames of their own: SQLite's time is in the self time of the function that calls the statement)");
    console.log(
      `  our code on the stack (the route handler and everything it calls: zod, HMAC, SQLite, Response): ${pct(summary.underOurCode)}; ` +
        `the rest is Next's server and Node serving the request: ${pct(1 - summary.underOurCode)}`,
    );
    console.log("\n  top functions by self time:");
    for (const f of summary.top) console.log(`  ${pct(f.share).padStart(6)}  [${f.group}]  ${f.name}${f.where ? `  ${f.where}` : ""}`);
  }
  const busy = rows.filter((r) => (r.cpu?.others ?? 0) > NOISY_CORES);
  if (busy.length > 0) {
    console.log(
      `\nWARNING: other processes used more than ${NOISY_CORES} cores during ${busy.map((r) => r.target).join(", ")}: ` +
        "those figures are low and the ratios between targets unreliable; run again on a quiet machine.",
    );
  }
  console.log("\nThe load generator (autocannon) runs in this process and shares the machine's cores with the server under test.");
}

function printRatios(app: Measured, bare: Measured, empty: Measured, note: string): void {
  const met = (ok: boolean) => (ok ? "met" : "NOT MET");
  const vsEmpty = app.reqPerSec / empty.reqPerSec;
  const vsBare = app.reqPerSec / bare.reqPerSec;
  console.log(`  ${app.target}${note}:`);
  console.log(`    vs empty route: ${vsEmpty.toFixed(2)}× (${((1 - vsEmpty) * 100).toFixed(0)}% slower; target ≤ 15% slower): ${met(vsEmpty >= TARGETS.vsEmpty)}`);
  console.log(`    vs bare server: ${vsBare.toFixed(2)}× (goal ≥ 0.5×): ${met(vsBare >= TARGETS.vsBare)}`);
  console.log(`    p99: ${ms(app, "p99")} (target ≤ ${TARGETS.p99Ms} ms): ${met(app.ok > 0 && app.p99 <= TARGETS.p99Ms)}`);
  const [a, b, e] = [perCpu(app), perCpu(bare), perCpu(empty)];
  if (a !== null && b !== null && e !== null && b > 0 && e > 0) {
    console.log(
      `    per server CPU-second (barely moved by other load on the machine): ${(a / e).toFixed(2)}× the empty route, ${(a / b).toFixed(2)}× the bare server`,
    );
  }
}

/** Requests per CPU-second the server spent: throughput with other processes' share taken out. */
function perCpu(r: Measured): number | null {
  return r.cpu && r.cpu.server > 0.05 ? r.reqPerSec / r.cpu.server : null;
}

function printQueryCheck(check: QueryCheck): void {
  for (const { sql, plan } of check.plans) {
    console.log(`  ${sql}`);
    for (const step of plan) console.log(`    plan: ${step}`);
  }
  console.log(
    `  lookupAffected: median ${msText(check.lookupMs.median)}, mean ${msText(check.lookupMs.mean)} over ${check.lookupMs.calls} calls; ` +
      `tenantKey (HMAC) ${msText(check.hmacMs)}`,
  );
  if (!check.usesTenantKeyIndex) console.log("  WARNING: the lookup does not search the index by tenant_key: every lookup reads the whole incident");
}

/** A latency percentile in ms, or "—" when no 2xx answer came back to measure. */
function ms(r: Measured, which: "p50" | "p99", unit = true): string {
  if (r.ok === 0) return "—";
  return `${r[which]}${unit ? " ms" : ""}`;
}

function cpuText(cpu: CpuShares | null): string {
  return cpu
    ? `server ${cpu.server.toFixed(2)}, load generator ${cpu.loadGenerator.toFixed(2)}, other processes ${cpu.others.toFixed(2)} cores`
    : "n/a";
}

function coresText(value: number | null): string {
  return value === null ? "n/a" : `${value.toFixed(2)} cores`;
}

function msText(value: number): string {
  return value >= 100 ? `${fmt(value)} ms` : value >= 1 ? `${value.toFixed(1)} ms` : `${(value * 1000).toFixed(1)} µs`;
}

function printMachine(): void {
  const cpu = /model name\s*:\s*(.+)/.exec(readOr("/proc/cpuinfo"))?.[1] ?? os.cpus()[0]?.model ?? "unknown";
  console.log(`Aftermath lookup benchmark, ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.availableParallelism()} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(", ")} (other work on the machine shows in the "others" CPU column)`);
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function tail(file: string, lines: number): string {
  return readOr(file).split("\n").slice(-lines).join("\n");
}

const fmt = (n: number) => Math.round(n).toLocaleString("en");
const rate = (rows: number, ms: number) => fmt(rows / (ms / 1000));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void Promise.all([...running].map((server) => stopServer(server))).finally(() => {
      if (tmpDir && !KEEP) fs.rmSync(tmpDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\nbench:lookup failed: ${error instanceof BenchFailure ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
