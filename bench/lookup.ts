// `npm run bench:lookup`: import throughput (our importer vs a raw insert loop) and lookup
// throughput (the app's lookup, answered at its edge, vs a bare node:http server)
// on a million affected rows. When SQLite does not plan the lookup through the tenant_key index, the
// app is also measured on an ANALYZEd copy of the database, (a'), to show its cost apart from the plan.
// A benchmark, not a test: the targets are reported as met or not met and do not decide the exit
// code; it exits 1 only when something broke (a build or server that did not start, wrong lookup
// answers, errors — timeouts included — or non-2xx answers under load).
//
// See BENCHMARKS.md for a run and what it showed. bench/lookup-report.ts prints the results.
//
// Env: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ROWS (1000000),
// BENCH_ACCOUNTS (100000), BENCH_REUSE_BUILD=1 (keep an existing build), BENCH_PROFILE (1 always,
// 0 never, default: when the app is under half the bare server), BENCH_PROFILE_SECONDS (5), BENCH_ROUNDS (2),
// BENCH_KEEP=1 (keep the temp dir).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { openDatabase } from "@/db/client";
import { readEnv } from "@/config/env";
import { issueLinks } from "@/lookup/proof/links";
import { linkTokenOf } from "@/lookup/proof/tokens";
import { writeFixtureCsv } from "@/tests/support/affected-fixture";
import { prepareDatabase } from "@/db/prepare";
import { API_POLICY, BASE_HEADERS } from "@/http/security-headers";
import { type Imports, type Round, printQueryCheck, report } from "./lookup-report";
import { baselineImport } from "./support/baseline-import";
import { DIST_DIR, ROOT, nextBuild } from "./support/build";
import { BenchFailure, coresText, fmt, intEnv, mib, phases, printMachine, rate, seconds } from "./support/common";
import { cpuBetween, cpuSnapshot } from "./support/cpu";
import { type LoadShape, type Measured, brokenText, load, measure, pooled } from "./support/load";
import { type ProfileSummary, summariseProfile } from "./support/profile";
import { type QueryCheck, checkLookupQuery } from "./support/query-check";
import { importFixture } from "./support/import-fixture";
import { runBench } from "./support/run";
import { type Server, appArgs, appEnv, serverPool } from "./support/servers";

const SLUG = "glm-5-3-kv-cache-exposure";
const LOOKUP_PATH = `/api/incidents/${SLUG}/lookup`;
/** Fixed, so runs are comparable; not a real secret. */
const SECRET = "be9c".repeat(16);

const ROWS = intEnv("BENCH_ROWS", 1_000_000);
const ACCOUNTS = intEnv("BENCH_ACCOUNTS", 100_000);
/** Next's route handlers take about 8 s under load to reach their steady throughput (JIT). */
const SHAPE: LoadShape = {
  connections: intEnv("BENCH_CONNECTIONS", 50),
  warmupSeconds: intEnv("BENCH_WARMUP_SECONDS", 10),
  seconds: intEnv("BENCH_SECONDS", 10),
};
const PROFILE_SECONDS = intEnv("BENCH_PROFILE_SECONDS", 5);
const PROFILE = process.env.BENCH_PROFILE ?? "auto";
const REUSE_BUILD = process.env.BENCH_REUSE_BUILD === "1";
const KEEP = process.env.BENCH_KEEP === "1";
/** Accounts checked against the fixture on each target before the load (not timed): up to this many, for up to 5 s. */
const SPOT_CHECKS = 25;
const VS_BARE = 0.5;
const ROUNDS = intEnv("BENCH_ROUNDS", 2);

const servers = serverPool();
const phase = phases();

type Files = { csv: string; dbFile: string; baselineDb: string; analyzedDb: string };
type Accounts = Awaited<ReturnType<typeof readAccounts>>;
type Lookups = { accounts: Accounts; links: Map<string, string>; bodies: string[]; lookups: { method: "POST"; bodies: string[] } };

/** The fixture, the two databases, the build and the import's throughput. */
async function prepare(tmp: string, f: Files): Promise<Imports> {
  await phase.run(`fixture: ${ROWS.toLocaleString("en")} rows over ${ACCOUNTS.toLocaleString("en")} accounts`, async () => {
    const { bytes } = await writeFixtureCsv(f.csv, { rows: ROWS, accounts: ACCOUNTS, seed: 1 });
    console.log(`  ${f.csv} (${mib(bytes)})`);
  });
  await phase.run("databases: migrations + the shipped incident, twice", async () => {
    for (const file of [f.dbFile, f.baselineDb]) await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: SECRET }) });
  });
  await phase.run(`build: next build into ${DIST_DIR}`, () =>
    nextBuild({ logFile: path.join(tmp, "build.log"), env: { DATABASE_URL: f.dbFile, LOOKUP_SECRET: SECRET }, reuse: REUSE_BUILD }),
  );
  return phase.run("import throughput", () => measureImports(f.csv, f.dbFile, f.baselineDb));
}

/** A lookup shows an account only with proof: each body is that account's link, as a tenant sends it. */
async function lookupBodies(f: Files): Promise<Lookups> {
  const accounts = await phase.run("accounts for the lookups (read from the CSV, not timed)", () => readAccounts(f.csv));
  const links = await phase.run("a lookup link for every account (npm run lookup:links's verb, not timed)", () => makeLinks(f.dbFile, [...accounts.keys(), UNKNOWN]));
  const bodies = [...accounts.keys()].map((accountId) => JSON.stringify({ link: links.get(accountId) }));
  console.log(`  ${bodies.length.toLocaleString("en")} distinct accounts' links; the bodies cycle over all of them`);
  return { accounts, links, bodies, lookups: { method: "POST", bodies } };
}

/** The lookup's statements in-process; on an ANALYZEd copy too when SQLite does not search by tenant_key without statistics. */
async function queryChecks(f: Files, ids: string[]): Promise<{ query: QueryCheck; fixedQuery: QueryCheck | null }> {
  const check = (file: string) => {
    const c = checkLookupQuery({ file, slug: SLUG, secret: SECRET, accountIds: ids });
    printQueryCheck(c);
    return c;
  };
  const query = await phase.run("lookup query in-process: lookup/rows.ts's statements and lookupAffected per call", () => check(f.dbFile));
  if (query.usesTenantKeyIndex) return { query, fixedQuery: null };
  const fixedQuery = await phase.run("the same on an ANALYZEd copy of the database", () => {
    fs.copyFileSync(f.dbFile, f.analyzedDb);
    const db = new Database(f.analyzedDb);
    db.exec("ANALYZE");
    db.close();
    return check(f.analyzedDb);
  });
  return { query, fixedQuery };
}

/**
 * Both servers up at once, measured in turns, (a) then (b), ROUNDS times: the machine's speed
 * drifts by a factor of up to 2 over minutes, and alternating lets it move both alike.
 */
function measureRounds(tmp: string, dbFile: string, l: Lookups) {
  return phase.run(`${ROUNDS} rounds of (a) app lookup and (b) bare node:http + better-sqlite3`, async () => {
    const appServer = await start("app", appArgs(), appEnv(dbFile, SECRET), path.join(tmp, "app.log"), LOOKUP_PATH);
    const bareEnv = { ...process.env, DATABASE_URL: dbFile, LOOKUP_SECRET: SECRET, FLOOR_HEADERS: JSON.stringify(ANSWER_HEADERS) };
    const bareServer = await start("bare server", [path.join(import.meta.dirname, "bare-server.mjs")], bareEnv, path.join(tmp, "bare.log"), LOOKUP_PATH);
    try {
      const sent = await spotCheck(appServer.baseURL, l.accounts, l.links);
      const floorSent = await spotCheck(bareServer.baseURL, l.accounts, l.links);
      // Date and keep-alive are Node's; the rate-limit headers are off in the benchmark.
      if (sent.join() !== floorSent.join()) throw new BenchFailure(`the floor's answer has the headers ${floorSent.join(", ")}; the app's: ${sent.join(", ")}`);
      const rounds: Round[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const app = await measure(`(a) app lookup, round ${round}`, appServer, LOOKUP_PATH, l.lookups, SHAPE);
        const bare = await measure(`(b) bare node:http lookup, round ${round}`, bareServer, LOOKUP_PATH, l.lookups, SHAPE);
        console.log(`  round ${round}: (a)/(b) ${(app.reqPerSec / bare.reqPerSec).toFixed(2)}×`);
        rounds.push({ app, bare });
      }
      return { app: pooled("(a) app lookup", rounds.map((r) => r.app)), bare: pooled("(b) bare node:http lookup", rounds.map((r) => r.bare)), rounds };
    } finally {
      await stop(appServer);
      await stop(bareServer);
    }
  });
}

/** (a'): the app on the ANALYZEd copy, its own cost with the query plan taken out. */
function measureFixed(tmp: string, analyzedDb: string, l: Lookups): Promise<Measured> {
  return phase.run("(a') app lookup on the ANALYZEd copy: scripts/server.ts", async () => {
    const server = await start("app (ANALYZEd copy)", appArgs(), appEnv(analyzedDb, SECRET), path.join(tmp, "app-analyzed.log"), LOOKUP_PATH);
    try {
      await spotCheck(server.baseURL, l.accounts, l.links);
      return await measure("(a') app lookup, ANALYZEd copy", server, LOOKUP_PATH, l.lookups, SHAPE);
    } finally {
      await stop(server);
    }
  });
}

async function main(tmp: string): Promise<number> {
  const started = performance.now();
  printMachine("Aftermath lookup benchmark");
  const f: Files = { csv: path.join(tmp, "affected.csv"), dbFile: path.join(tmp, "aftermath.db"), baselineDb: path.join(tmp, "baseline.db"), analyzedDb: path.join(tmp, "analyzed.db") };
  const imports = await prepare(tmp, f);
  const l = await lookupBodies(f);
  const { query, fixedQuery } = await queryChecks(f, [...l.accounts.keys()]);
  const { app, bare, rounds } = await measureRounds(tmp, f.dbFile, l);
  const appFixed = fixedQuery ? await measureFixed(tmp, f.analyzedDb, l) : null;
  let profile: { summary: ProfileSummary; on: string } | null = null;
  if (PROFILE === "1" || (PROFILE === "auto" && app.reqPerSec / bare.reqPerSec < VS_BARE)) {
    const on = fixedQuery ? "the ANALYZEd copy" : "the benchmark database";
    profile = await phase.run(`profile: node --cpu-prof scripts/server.ts on ${on}, ${PROFILE_SECONDS} s of lookups`, async () => ({
      summary: await profileApp(tmp, appEnv(fixedQuery ? f.analyzedDb : f.dbFile, SECRET), l.bodies),
      on,
    }));
  }
  report({ rows: ROWS, accounts: ACCOUNTS, ...SHAPE }, imports, query, fixedQuery, { app, appFixed, bare, rounds }, profile);
  const broken = brokenText([app, appFixed, bare]);
  if (broken) console.error(`\nSomething broke: ${broken}.`);
  console.log(`\n${phase.line()}`);
  console.log(`whole benchmark: ${seconds(performance.now() - started)}`);
  return broken === null ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------
// Import

async function measureImports(csv: string, dbFile: string, baselineDb: string): Promise<Imports> {
  const cpuBefore = cpuSnapshot(undefined);
  const t = performance.now();
  const report = await importFixture({ csv, dbFile, slug: SLUG, secret: SECRET, rows: ROWS });
  const ms = performance.now() - t;
  const cpu = cpuBetween(cpuBefore, cpuSnapshot(undefined));
  const ours: Imports["ours"] = { rows: report.rowsRead, ms, reportMs: report.elapsedMs, othersCores: cpu?.others ?? null };
  const db = new Database(dbFile);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  console.log(`  ours (importAffected):      ${rate(ours.rows, ours.ms)} rows/s (${seconds(ours.ms)}); other processes used ${coresText(ours.othersCores)}`);

  const listId = liveListIn(baselineDb);
  const before = cpuSnapshot(undefined);
  const baseline = await baselineImport({ file: csv, dbFile: baselineDb, listId, secret: SECRET });
  const baselineOthers = cpuBetween(before, cpuSnapshot(undefined))?.others ?? null;
  if (baseline.added !== ROWS) throw new BenchFailure(`the baseline added ${baseline.added} rows; expected ${ROWS}`);
  console.log(
    `  baseline (raw insert loop): ${rate(baseline.rows, baseline.elapsedMs)} rows/s (${seconds(baseline.elapsedMs)}); other processes used ${coresText(baselineOthers)}`,
  );
  fs.rmSync(baselineDb, { force: true });
  return { ours, baseline: { rows: baseline.rows, ms: baseline.elapsedMs, othersCores: baselineOthers } };
}

function liveListIn(file: string): number {
  const db = new Database(file, { fileMustExist: true, readonly: true });
  try {
    const row = db
      .prepare("SELECT l.id FROM affected_list l JOIN incident i ON i.id = l.incident_id WHERE i.slug = ? AND l.state = 'live'")
      .get(SLUG) as { id: number } | undefined;
    if (!row) throw new BenchFailure(`no live affected list for ${SLUG} in ${file}`);
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

const UNKNOWN = "f".repeat(32);
/** The headers every answer of the app's API carries (the guard's), for the floor to send too. */
const ANSWER_HEADERS = { ...BASE_HEADERS, "content-security-policy": API_POLICY };

/** Links made as `npm run lookup:links` makes them, into the benchmark's database. */
function makeLinks(file: string, accountIds: string[]): Map<string, string> {
  const db = openDatabase(file);
  try {
    const { links } = issueLinks(db, { kind: "system", name: "bench" }, { slug: SLUG, accountIds, expiresAt: new Date(Date.now() + 86_400_000), origin: "http://bench.invalid", secret: SECRET });
    return new Map(links.map((l) => [l.accountId, linkTokenOf(l.link)]));
  } finally {
    db.$client.close();
  }
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, readyPath: string): Promise<Server> {
  return servers.start({ name, args, env, logFile, ready: async (baseURL) => (await post(baseURL + readyPath, "{}")).status < 500 });
}

const stop = (server: Server) => servers.stop(server);

function post(url: string, body: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    signal: AbortSignal.timeout(10_000),
  });
}

/** A few accounts, each answer checked against the fixture (a fast wrong answer is no result); the names of the headers of an answer. */
async function spotCheck(baseURL: string, accounts: Map<string, number>, links: Map<string, string>): Promise<string[]> {
  const ids = [...accounts.keys()];
  const step = Math.max(1, Math.floor(ids.length / SPOT_CHECKS));
  const deadline = performance.now() + 5_000;
  let checked = 0;
  let headerNames: string[] = [];
  for (let i = 0; i < ids.length && checked < SPOT_CHECKS && (checked < 2 || performance.now() < deadline); i += step) {
    const id = ids[i] as string;
    const res = await post(baseURL + LOOKUP_PATH, JSON.stringify({ link: links.get(id) }));
    const body = (await res.json()) as { affected?: boolean; affectedRows?: number };
    if (res.status !== 200 || body.affected !== true || body.affectedRows !== accounts.get(id)) {
      throw new BenchFailure(
        `${baseURL}${LOOKUP_PATH} answered ${res.status} with ${body.affectedRows} affected rows for a fixture account with ${accounts.get(id)}`,
      );
    }
    headerNames = [...res.headers.keys()].sort();
    checked++;
  }
  const unknown = await post(baseURL + LOOKUP_PATH, JSON.stringify({ link: links.get(UNKNOWN) }));
  const answer = (await unknown.json()) as { affected?: boolean };
  if (unknown.status !== 200 || answer.affected !== false) throw new BenchFailure(`${baseURL}: an unknown account did not get affected: false`);
  const unproven = await post(baseURL + LOOKUP_PATH, JSON.stringify({ link: `${links.get(UNKNOWN)}x` }));
  if (unproven.status !== 403) throw new BenchFailure(`${baseURL}: a broken link got ${unproven.status}, not 403`);
  console.log(`  spot check: ${checked} fixture accounts, 1 unknown one and 1 broken link answered as expected`);
  return headerNames;
}

async function profileApp(tmp: string, env: NodeJS.ProcessEnv, bodies: string[]): Promise<ProfileSummary> {
  const dir = path.join(tmp, "profile");
  fs.mkdirSync(dir);
  const app = await start(
    "app (profiled)",
    appArgs(["--cpu-prof", "--cpu-prof-dir", dir]),
    env,
    path.join(tmp, "app-profiled.log"),
    LOOKUP_PATH,
  );
  let from: number;
  let to: number;
  try {
    const lookups = { method: "POST", bodies } as const;
    await load(app.baseURL + LOOKUP_PATH, lookups, SHAPE.connections, SHAPE.warmupSeconds);
    from = performance.now() - app.spawnedAt;
    const result = await load(app.baseURL + LOOKUP_PATH, lookups, SHAPE.connections, PROFILE_SECONDS);
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

runBench("bench:lookup", servers, main);
