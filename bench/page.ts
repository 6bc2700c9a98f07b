// `npm run bench:page`: the incident page with the shipped 155-row sample and with a 1,000,000-row
// list — its HTML and first-load JavaScript, the build's time, the server's memory and the time to
// read and render the record at each — and the page served from the server's cache with gzip against
// a bare node:http server sending the same bytes pre-compressed (bench/bare-page-server.mjs).
// BENCH_ENGINE=postgres (`npm run bench:page:pg`) runs the app on a PostgreSQL server of the
// benchmark's own (bench/support/engine.ts), the million rows imported through the same verb there;
// the floor is the same bare server (it reads no database).
// A benchmark, not a test: targets are reported as met or NOT MET; it exits 1 only when something
// broke (a build or server that did not start, a wrong answer, errors or non-2xx under load).
//
// Env: BENCH_ENGINE (sqlite), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (5), BENCH_CONNECTIONS (50), BENCH_LOAD_WORKERS (2), BENCH_ROWS (1000000),
// BENCH_ACCOUNTS (100000), BENCH_REUSE_BUILD=1 (keep an existing build; no build times then),
// BENCH_KEEP=1 (keep the temp dir). See BENCHMARKS.md for a run.
import fs from "node:fs";
import path from "node:path";
import { writeFixtureCsv } from "@/tests/support/affected-fixture";
import { incidentFile } from "@/publish/files";
import { readIncident } from "@/db/read/incident";
import { type Size, report } from "./page-report";
import { DIST_DIR, nextBuild } from "./support/build";
import { BenchFailure, intEnv, mib, phases, printMachine, seconds } from "./support/common";
import { ENGINE, ENGINE_NAME, benchDatabases, benchStore } from "./support/engine";
import { type LoadShape, type Measured, brokenText, measure } from "./support/load";
import { getRaw, memoryOf, replayableHeaders, weighPage } from "./support/page-facts";
import { importFixture } from "./support/import-fixture";
import { runBench } from "./support/run";
import { type Server, appArgs, appEnv, serverPool } from "./support/servers";

const SLUG = "glm-5-3-kv-cache-exposure";
const PAGE = `/incidents/${SLUG}`;
/** Fixed, so runs are comparable; not a real secret. */
const SECRET = "be9c".repeat(16);
const ROWS = intEnv("BENCH_ROWS", 1_000_000);
const ACCOUNTS = intEnv("BENCH_ACCOUNTS", 100_000);
const SHAPE: LoadShape = {
  connections: intEnv("BENCH_CONNECTIONS", 50),
  warmupSeconds: intEnv("BENCH_WARMUP_SECONDS", 5),
  seconds: intEnv("BENCH_SECONDS", 10),
  // One autocannon thread saturates its core before the bare server does (about 2,000 req/s here).
  workers: intEnv("BENCH_LOAD_WORKERS", 2),
};
const REUSE_BUILD = process.env.BENCH_REUSE_BUILD === "1";
/** In-process renders of the record per database, the first (which prepares statements) left out. */
const RENDERS = 30;
const GZIP = { "accept-encoding": "gzip", accept: "text/html" };

const servers = serverPool();
const databases = benchDatabases();
const phase = phases();

async function main(tmp: string): Promise<number> {
  const started = performance.now();
  printMachine(`Aftermath page benchmark on ${ENGINE_NAME}`);
  const copied = ENGINE === "postgres" ? ", each copied into PostgreSQL by db:copy's verb" : "";
  // DATABASE_URLs: SQLite files, or PostgreSQL databases filled from them.
  const [small, large] = await phase.run(`databases: migrations + the shipped incident (155 sample rows), twice${copied}`, async (): Promise<[string, string]> => [
    await databases.seeded(path.join(tmp, "sample.db"), "sample", SECRET),
    await databases.seeded(path.join(tmp, "large.db"), "large", SECRET),
  ]);
  await phase.run(`the large one: ${ROWS.toLocaleString("en")} rows over ${ACCOUNTS.toLocaleString("en")} accounts, imported with --replace`, async () => {
    const csv = path.join(tmp, "affected.csv");
    const { bytes } = await writeFixtureCsv(csv, { rows: ROWS, accounts: ACCOUNTS, seed: 1 });
    const r = await importFixture({ csv, database: large, slug: SLUG, secret: SECRET, rows: ROWS });
    console.log(`  ${mib(bytes)} of CSV in ${seconds(r.elapsedMs)}`);
    fs.rmSync(csv);
  });

  const sizes: Size[] = [];
  let cached: Cached | null = null;
  for (const [rows, file] of [
    [155, small],
    [ROWS, large],
  ] as const) {
    const label = `${rows.toLocaleString("en")} rows`;
    const build = await phase.run(`build with ${label}: next build into ${DIST_DIR}`, () =>
      nextBuild({ logFile: path.join(tmp, `build-${rows}.log`), env: { DATABASE_URL: file, LOOKUP_SECRET: SECRET }, reuse: REUSE_BUILD }),
    );
    const renderMs = await phase.run(`read and render the record in-process with ${label}`, () => renderTimes(file));
    const { size, load } = await phase.run(`page with ${label}: scripts/server.ts`, async () => {
      const server = await startApp(file, path.join(tmp, `app-${rows}.log`));
      try {
        const weight = await weighPage(server.baseURL, PAGE);
        // The page under load for a while before reading memory: what the server holds while serving it.
        const warm = await measure(`page with ${label}, warm-up for memory`, server, PAGE, { method: "GET", headers: GZIP }, { ...SHAPE, warmupSeconds: 1 });
        const memory = memoryOf(server.child.pid);
        const load = rows === ROWS ? await measureCached(server, tmp) : null;
        return { size: { rows, weight, buildMs: build?.ms ?? null, memory, renderMs, broken: brokenText([warm]) }, load };
      } finally {
        await stop(server);
      }
    });
    sizes.push(size);
    cached = load ?? cached;
  }
  if (!cached) throw new BenchFailure("the cached page was not measured");
  const { app, bare } = cached;
  report({ engine: ENGINE, shape: SHAPE, sizes, app, bare });
  const broken = [brokenText([app, bare]), ...sizes.map((s) => s.broken)].filter((b) => b !== null);
  if (broken.length > 0) console.error(`\nSomething broke: ${broken.join("; ")}.`);
  console.log(`\n${phase.line()}`);
  console.log(`whole benchmark: ${seconds(performance.now() - started)}`);
  return broken.length > 0 ? 1 : 0;
}

type Cached = { app: Measured; bare: Measured };

/** The page from the app's cache, then the same gzip bytes from the bare server. */
async function measureCached(server: Server, tmp: string): Promise<Cached> {
  const answer = await getRaw(server.baseURL + PAGE, GZIP);
  if (answer.status !== 200 || answer.headers["content-encoding"] !== "gzip") {
    throw new BenchFailure(`${PAGE} with Accept-Encoding: gzip answered ${answer.status}, content-encoding ${answer.headers["content-encoding"] ?? "none"}`);
  }
  const again = await getRaw(server.baseURL + PAGE, GZIP);
  if (!again.body.equals(answer.body)) throw new BenchFailure(`${PAGE} gave different bytes twice in a row: the cache is not serving it`);
  const app = await measure("(a) app, page from its cache, gzip", server, PAGE, { method: "GET", headers: GZIP }, SHAPE);

  const pageFile = path.join(tmp, "page.html.gz");
  const headersFile = path.join(tmp, "page-headers.json");
  fs.writeFileSync(pageFile, answer.body);
  fs.writeFileSync(headersFile, JSON.stringify(replayableHeaders(answer.headers)));
  const bareServer = await start(
    "bare page server",
    [path.join(import.meta.dirname, "bare-page-server.mjs")],
    { ...process.env, PAGE_FILE: pageFile, PAGE_HEADERS: headersFile },
    path.join(tmp, "bare-page.log"),
  );
  try {
    const same = await getRaw(bareServer.baseURL + PAGE, GZIP);
    if (!same.body.equals(answer.body)) throw new BenchFailure("the bare server does not send the app's bytes");
    const bare = await measure("(b) bare node:http, the same gzip bytes from memory", bareServer, PAGE, { method: "GET", headers: GZIP }, SHAPE);
    console.log(`  ${answer.body.length.toLocaleString("en")} gzip bytes per answer from both`);
    return { app, bare };
  } finally {
    await stop(bareServer);
  }
}

/** Median milliseconds to read the record and render its HTML export (the page's own components) in-process, through the engine's Store. */
async function renderTimes(file: string): Promise<number> {
  const store = benchStore(file);
  try {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i <= RENDERS; i++) {
      const t = performance.now();
      const stored = await readIncident(store, SLUG);
      if (!stored) throw new BenchFailure(`no published incident ${SLUG} in ${file}`);
      const served = incidentFile(stored, "index.html", "en");
      bytes = served.body.length;
      if (i > 0) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(`  readIncident + view + renderToStaticMarkup: median ${median.toFixed(1)} ms over ${RENDERS} renders, ${bytes.toLocaleString("en")} bytes of export.html`);
    return median;
  } finally {
    await store.close();
  }
}

function startApp(file: string, logFile: string): Promise<Server> {
  return start("app", appArgs(), appEnv(file, SECRET), logFile);
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): Promise<Server> {
  return servers.start({ name, args, env, logFile, ready: async (baseURL) => (await fetch(baseURL + PAGE, { signal: AbortSignal.timeout(10_000) })).status === 200 });
}

const stop = (server: Server) => servers.stop(server);

runBench(ENGINE === "postgres" ? "bench:page:pg" : "bench:page", servers, main, databases);
