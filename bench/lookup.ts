// `npm run bench:lookup`: import throughput (our importer vs the engine's floor) and lookup
// throughput (the app's lookup, answered at its edge, vs a bare node:http server on the same driver)
// on a million affected rows. BENCH_ENGINE=postgres (`npm run bench:lookup:pg`) runs the app on a
// PostgreSQL server of the benchmark's own (bench/support/engine.ts); the floors are then node-postgres
// ones: a raw COPY of the CSV for the import (bench/support/copy-floor.ts), bench/bare-pg-server.mjs for
// the lookup. When SQLite does not plan the lookup through the tenant_key index, the app is also
// measured on an ANALYZEd copy of the database, (a'), to show its cost apart from the plan.
// A benchmark, not a test: the targets are reported as met or not met and do not decide the exit
// code; it exits 1 only when something broke (a build or server that did not start, wrong lookup
// answers, errors — timeouts included — or non-2xx answers under load).
//
// See BENCHMARKS.md for a run and what it showed. bench/lookup-report.ts prints the results.
//
// Env: BENCH_ENGINE (sqlite), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ROWS (1000000),
// BENCH_ACCOUNTS (100000), BENCH_REUSE_BUILD=1 (keep an existing build), BENCH_PROFILE (1 always,
// 0 never, default: when the app is under half the bare server), BENCH_PROFILE_SECONDS (5), BENCH_ROUNDS (2),
// BENCH_KEEP=1 (keep the temp dir).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { writeFixtureCsv } from "@/tests/support/affected-fixture";
import { API_POLICY, BASE_HEADERS } from "@/http/security-headers";
import { type Imports, type Round, printQueryCheck, report } from "./lookup-report";
import { DIST_DIR, ROOT, nextBuild } from "./support/build";
import { BenchFailure, fmt, intEnv, mib, phases, printMachine, seconds } from "./support/common";
import { ENGINE, ENGINE_NAME, benchDatabases } from "./support/engine";
import { type LoadShape, type Measured, brokenText, load, measure, pooled } from "./support/load";
import { UNKNOWN, floorShape, lookupPath, makeLinks, post, readAccounts, sameAnswers, spotCheck } from "./support/lookup-kit";
import { measureImports } from "./support/lookup-imports";
import { type ProfileSummary, summariseProfile } from "./support/profile";
import { type QueryCheck, checkLookupQuery } from "./support/query-check";
import { checkLookupQueryPg } from "./support/query-check-pg";
import { runBench } from "./support/run";
import { type Server, appArgs, appEnv, serverPool } from "./support/servers";

const SLUG = "glm-5-3-kv-cache-exposure";
const LOOKUP_PATH = lookupPath(SLUG);
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
const VS_BARE = 0.5;
const ROUNDS = intEnv("BENCH_ROUNDS", 2);
/** Each engine's floor: the same lookup on the same driver, nothing around it. */
const FLOOR = ENGINE === "postgres" ? { script: "bare-pg-server.mjs", driver: "node-postgres" } : { script: "bare-server.mjs", driver: "better-sqlite3" };

const servers = serverPool();
const databases = benchDatabases();
const phase = phases();

/** `dbFile` is SQLite's (on PostgreSQL, the source copied into `database`); `database` is the app's DATABASE_URL. */
type Files = { csv: string; dbFile: string; baselineDb: string; analyzedDb: string; database: string };
type Accounts = Awaited<ReturnType<typeof readAccounts>>;
type Lookups = { accounts: Accounts; links: Map<string, string>; bodies: string[]; lookups: { method: "POST"; bodies: string[] } };

/** The fixture, the databases, the build and the import's throughput. */
async function prepare(tmp: string, f: Files): Promise<Imports> {
  await phase.run(`fixture: ${ROWS.toLocaleString("en")} rows over ${ACCOUNTS.toLocaleString("en")} accounts`, async () => {
    const { bytes } = await writeFixtureCsv(f.csv, { rows: ROWS, accounts: ACCOUNTS, seed: 1 });
    console.log(`  ${f.csv} (${mib(bytes)})`);
  });
  const what = ENGINE === "postgres" ? "migrations + the shipped incident, copied into PostgreSQL by db:copy's verb" : "migrations + the shipped incident, twice";
  await phase.run(`databases: ${what}`, async () => {
    f.database = await databases.seeded(f.dbFile, "lookup", SECRET);
    // The insert loop's own database; PostgreSQL's COPY floor makes its own when it runs.
    if (ENGINE === "sqlite") await databases.seeded(f.baselineDb, "baseline", SECRET);
  });
  await phase.run(`build: next build into ${DIST_DIR}`, () =>
    nextBuild({ logFile: path.join(tmp, "build.log"), env: { DATABASE_URL: f.database, LOOKUP_SECRET: SECRET }, reuse: REUSE_BUILD }),
  );
  return phase.run(`import throughput on ${ENGINE_NAME}`, () =>
    measureImports({ csv: f.csv, database: f.database, baselineDb: f.baselineDb, databases, slug: SLUG, secret: SECRET, rows: ROWS }),
  );
}

/** A lookup shows an account only with proof: each body is that account's link, as a tenant sends it. */
async function lookupBodies(f: Files): Promise<Lookups> {
  const accounts = await phase.run("accounts for the lookups (read from the CSV, not timed)", () => readAccounts(f.csv));
  const links = await phase.run("a lookup link for every account (npm run lookup:links's verb, not timed)", () => makeLinks(f.database, SLUG, SECRET, [...accounts.keys(), UNKNOWN]));
  const bodies = [...accounts.keys()].map((accountId) => JSON.stringify({ link: links.get(accountId) }));
  console.log(`  ${bodies.length.toLocaleString("en")} distinct accounts' links; the bodies cycle over all of them`);
  return { accounts, links, bodies, lookups: { method: "POST", bodies } };
}

/** The lookup's statements in-process; on SQLite on an ANALYZEd copy too when it does not search by tenant_key without statistics. */
async function queryChecks(f: Files, ids: string[]): Promise<{ query: QueryCheck; fixedQuery: QueryCheck | null }> {
  const check = async (file: string) => {
    const c = ENGINE === "postgres" ? await checkLookupQueryPg({ database: file, slug: SLUG, secret: SECRET, accountIds: ids }) : await checkLookupQuery({ file, slug: SLUG, secret: SECRET, accountIds: ids });
    printQueryCheck(c);
    return c;
  };
  const query = await phase.run("lookup query in-process: lookup/rows.ts's statements and lookupAffected per call", () => check(f.database));
  // PostgreSQL plans from its own statistics, which autovacuum gathers; a copy would not show the app as it runs.
  if (query.usesTenantKeyIndex || ENGINE === "postgres") return { query, fixedQuery: null };
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
function measureRounds(tmp: string, database: string, l: Lookups) {
  return phase.run(`${ROUNDS} rounds of (a) app lookup and (b) bare node:http + ${FLOOR.driver}`, async () => {
    const appServer = await start("app", appArgs(), appEnv(database, SECRET), path.join(tmp, "app.log"), LOOKUP_PATH);
    const bareEnv = { ...process.env, DATABASE_URL: database, LOOKUP_SECRET: SECRET, FLOOR_HEADERS: JSON.stringify(ANSWER_HEADERS), FLOOR_SLUG: SLUG, FLOOR_SHAPE: await floorShape(database, SLUG) };
    const bareServer = await start("bare server", [path.join(import.meta.dirname, FLOOR.script)], bareEnv, path.join(tmp, "bare.log"), LOOKUP_PATH);
    try {
      sameAnswers(await spotCheck(appServer.baseURL, SLUG, l.accounts, l.links), await spotCheck(bareServer.baseURL, SLUG, l.accounts, l.links));
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
      await spotCheck(server.baseURL, SLUG, l.accounts, l.links);
      return await measure("(a') app lookup, ANALYZEd copy", server, LOOKUP_PATH, l.lookups, SHAPE);
    } finally {
      await stop(server);
    }
  });
}

async function main(tmp: string): Promise<number> {
  const started = performance.now();
  printMachine(`Aftermath lookup benchmark on ${ENGINE_NAME}`);
  const f: Files = { csv: path.join(tmp, "affected.csv"), dbFile: path.join(tmp, "aftermath.db"), baselineDb: path.join(tmp, "baseline.db"), analyzedDb: path.join(tmp, "analyzed.db"), database: "" };
  const imports = await prepare(tmp, f);
  const l = await lookupBodies(f);
  const { query, fixedQuery } = await queryChecks(f, [...l.accounts.keys()]);
  const { app, bare, rounds } = await measureRounds(tmp, f.database, l);
  const appFixed = fixedQuery ? await measureFixed(tmp, f.analyzedDb, l) : null;
  let profile: { summary: ProfileSummary; on: string } | null = null;
  if (PROFILE === "1" || (PROFILE === "auto" && app.reqPerSec / bare.reqPerSec < VS_BARE)) {
    const on = fixedQuery ? "the ANALYZEd copy" : "the benchmark database";
    profile = await phase.run(`profile: node --cpu-prof scripts/server.ts on ${on}, ${PROFILE_SECONDS} s of lookups`, async () => ({
      summary: await profileApp(tmp, appEnv(fixedQuery ? f.analyzedDb : f.database, SECRET), l.bodies),
      on,
    }));
  }
  report({ engine: ENGINE, rows: ROWS, accounts: ACCOUNTS, ...SHAPE }, imports, query, fixedQuery, { app, appFixed, bare, rounds }, profile);
  const broken = brokenText([app, appFixed, bare]);
  if (broken) console.error(`\nSomething broke: ${broken}.`);
  console.log(`\n${phase.line()}`);
  console.log(`whole benchmark: ${seconds(performance.now() - started)}`);
  return broken === null ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------
// Servers and load

/** The headers every answer of the app's API carries (the guard's), for the floor to send too. */
const ANSWER_HEADERS = { ...BASE_HEADERS, "content-security-policy": API_POLICY };

function start(name: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, readyPath: string): Promise<Server> {
  return servers.start({ name, args, env, logFile, ready: async (baseURL) => (await post(baseURL + readyPath, "{}")).status < 500 });
}

const stop = (server: Server) => servers.stop(server);

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

runBench(ENGINE === "postgres" ? "bench:lookup:pg" : "bench:lookup", servers, main, databases);
