// `npm run bench:archive`: the pages that list incidents, at 3 published incidents (the shipped
// ones) and at 1,000 (those and 997 copies, imported through the domain verb), side by side: each
// page's size, its first render after a write to an incident it shows, and its cached throughput.
// Their cost must follow what they show, not the archive: each 1,000-incident figure within 1.5× of
// the 3-incident one, and the Russian pages (/ru, a Russian search, an incident) at the English
// ones' ratios. A benchmark, not a test: targets are reported as met or NOT MET; it exits 1 only
// when something broke (a build or server, a wrong answer, errors or non-2xx under load).
//
// Env: BENCH_INCIDENTS (1000), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (50),
// BENCH_LOAD_WORKERS (2), BENCH_RENDERS (21), BENCH_REUSE_BUILD=1, BENCH_KEEP=1. See BENCHMARKS.md.
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { readEnv } from "@/config/env";
import { prepareDatabase } from "@/db/prepare";
import { readDashboard } from "@/db/read/dashboard";
import { cursorParam } from "@/db/read/listing";
import { sqliteStore } from "@/db/store/sqlite";
import type { Store } from "@/db/store/store";
import { updateIncident } from "@/db/write/incident";
import { localized } from "@/i18n/locales";
import { fillArchive } from "@/tests/support/archive";
import { addRussianTranslations } from "@/tests/support/russian";
import { type ArchivePage, type PageFigures, report } from "./archive-report";
import { DIST_DIR, nextBuild } from "./support/build";
import { BenchFailure, intEnv, phases, printMachine, seconds } from "./support/common";
import { type LoadShape, brokenText, measure } from "./support/load";
import { getRaw } from "./support/page-facts";
import { runBench } from "./support/run";
import { type Server, appArgs, appEnv, serverPool } from "./support/servers";

const SECRET = "be9c".repeat(16);
const INCIDENTS = intEnv("BENCH_INCIDENTS", 1000);
const RENDERS = intEnv("BENCH_RENDERS", 21);
const SHAPE: LoadShape = {
  connections: intEnv("BENCH_CONNECTIONS", 50),
  warmupSeconds: intEnv("BENCH_WARMUP_SECONDS", 3),
  seconds: intEnv("BENCH_SECONDS", 10),
  workers: intEnv("BENCH_LOAD_WORKERS", 2),
};
const GZIP = { "accept-encoding": "gzip" };
const editor = { kind: "system", name: "bench-archive" } as const;

/** The pages measured; `kept` ones are served from the cache, the others rendered for each request. */
const PAGES: ArchivePage[] = [
  { name: "front page", path: "/", kept: true },
  { name: "front page, its second page", path: "second", kept: true },
  { name: "search “cache”", path: "/?q=cache", kept: true, asked: { q: "cache" } },
  { name: "/compare", path: "/compare", kept: true },
  { name: "feed", path: "/feed.xml", kept: true, item: "<entry>" },
  { name: "the newest incident's page", path: "newest", kept: true },
  // The Russian pages, each beside its English one: the same ratios are the target.
  { name: "/ru front page", path: "/ru", kept: true, english: "front page" },
  { name: "/ru search “утечка”", path: `/ru/?q=${encodeURIComponent("утечка")}`, kept: true, asked: { q: "утечка" }, locale: "ru", english: "search “cache”" },
  { name: "/ru the newest incident's page", path: "newest", locale: "ru", kept: true, english: "the newest incident's page" },
];

/** Work on a database file through a store of its own, closed after. */
async function withStore<T>(file: string, work: (store: Store) => Promise<T>): Promise<T> {
  const store = sqliteStore(file);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** The record's Russian texts: the seed's, or else the test texts of tests/support/russian.ts, before the copies are made. */
const withRussian = (file: string) =>
  withStore(file, async (store) => {
    if (!(await store.q.row(z.object({ one: z.number() }), sql`SELECT 1 AS one FROM translation WHERE locale = 'ru' LIMIT 1`))) await addRussianTranslations(store);
  });

const servers = serverPool();
const phase = phases();

async function main(tmp: string): Promise<number> {
  const started = performance.now();
  printMachine("Aftermath archive benchmark");
  const small = path.join(tmp, "three.db");
  const large = path.join(tmp, "archive.db");
  await phase.run(`databases: the 3 shipped incidents, and ${INCIDENTS.toLocaleString("en")} (${INCIDENTS - 3} copies through importRecord)`, async () => {
    for (const file of [small, large]) {
      await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: SECRET }) });
      await withRussian(file);
    }
    const t = performance.now();
    await withStore(large, (store) => fillArchive(store, INCIDENTS - 3));
    console.log(`  ${INCIDENTS - 3} imports in ${seconds(performance.now() - t)}`);
  });
  await phase.run(`build: next build into ${DIST_DIR}`, () => nextBuild({ logFile: path.join(tmp, "build.log"), env: { DATABASE_URL: small, LOOKUP_SECRET: SECRET }, reuse: process.env.BENCH_REUSE_BUILD === "1" }));
  const figures: Record<"small" | "large", PageFigures[]> = { small: [], large: [] };
  for (const [size, file, count] of [
    ["small", small, 3],
    ["large", large, INCIDENTS],
  ] as const) {
    figures[size] = await phase.run(`the pages at ${count.toLocaleString("en")} incidents`, async () => {
      const server = await servers.start({ name: "app", args: appArgs(), env: appEnv(file, SECRET), logFile: path.join(tmp, `app-${size}.log`), ready: async (b) => (await fetch(`${b}/`)).status === 200 });
      try {
        const out: PageFigures[] = [];
        for (const page of PAGES) out.push(await measurePage(server, file, page));
        return out;
      } finally {
        await servers.stop(server);
      }
    });
  }
  report({ shape: SHAPE, incidents: INCIDENTS, pages: PAGES, small: figures.small, large: figures.large });
  const broken = [...figures.small, ...figures.large].map((f) => brokenText([f.load])).filter((b) => b !== null);
  if (broken.length > 0) console.error(`\nSomething broke: ${broken.join("; ")}.`);
  console.log(`\n${phase.line()}\nwhole benchmark: ${seconds(performance.now() - started)}`);
  return broken.length > 0 ? 1 : 0;
}

/** The newest incident: every list shows it, and it is the same one at both sizes (a copy's slug sorts after its original's). */
const newestOf = (file: string): Promise<{ slug: string; older: string | null }> =>
  withStore(file, async (store) => {
    const { page } = await store.read((tx) => readDashboard(tx, {}));
    const slug = page.rows[0]?.slug;
    if (!slug) throw new BenchFailure(`no published incident in ${file}`);
    return { slug, older: page.older };
  });

/** The address measured: the front page's second page from its own link (null when the archive fits on one), the newest incident's page, or as given. */
async function pathOf(file: string, page: ArchivePage): Promise<string | null> {
  const newest = await newestOf(file);
  if (page.path === "second") return newest.older ? `/?after=${encodeURIComponent(newest.older)}` : null;
  return page.path === "newest" ? localized(page.locale ?? "en", `/incidents/${newest.slug}`) : page.path;
}

/** The incident a write goes to: one the page shows (the newest, a search's first card, or on the second page its first). */
const shownBy = (file: string, page: ArchivePage): Promise<string> =>
  withStore(file, (store) =>
    store.read(async (tx) => {
      const first = await readDashboard(tx, page.asked ?? {}, page.locale);
      const older = page.path === "second" && first.page.older ? cursorParam.parse(first.page.older) : undefined;
      const slug = (older ? await readDashboard(tx, { after: older }) : first).page.rows[0]?.slug;
      if (!slug) throw new BenchFailure(`no incident on ${page.name} in ${file}`);
      return slug;
    }),
  );

/** A write through the domain verb, as an editor's would be, to an incident the page shows. */
const write = (file: string, slug: string, n: number): Promise<void> =>
  withStore(file, async (store) => {
    const version = numberOf((await store.q.row(z.object({ version: z.number() }), sql`SELECT version FROM incident WHERE slug = ${slug}`))?.version);
    await updateIncident({ store, actor: editor, slug, input: { version, attackNote: `bench write ${n}` } });
  });
const numberOf = (v: unknown): number => {
  if (typeof v !== "number") throw new BenchFailure("no version read for the incident written to");
  return v;
};

async function timedGet(url: string): Promise<{ ms: number; bytes: number; body: string; cacheStatus: string }> {
  const t = performance.now();
  const answer = await getRaw(url, { "accept-encoding": "identity" });
  const ms = performance.now() - t;
  if (answer.status !== 200) throw new BenchFailure(`${url} answered ${answer.status}`);
  return { ms, bytes: answer.body.length, body: answer.body.toString("utf8"), cacheStatus: String(answer.headers["cache-status"] ?? "") };
}

async function measurePage(server: Server, file: string, page: ArchivePage): Promise<PageFigures> {
  const address = await pathOf(file, page);
  if (address === null) {
    console.log(`  ${page.name}: none (every incident fits on the first page)`);
    return { bytes: null, items: null, renderMs: null, load: null };
  }
  const url = server.baseURL + address;
  const { bytes, body } = await timedGet(url);
  const items = page.item ? body.split(page.item).length - 1 : null;
  // First render after a write: a write, then one request, each time; the median.
  const times: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    await write(file, await shownBy(file, page), i);
    const got = await timedGet(url);
    if (page.kept && !got.cacheStatus.includes("fwd=miss")) throw new BenchFailure(`${address} was not made again after a write to an incident it shows (Cache-Status: ${got.cacheStatus})`);
    if (i > 0) times.push(got.ms);
  }
  times.sort((a, b) => a - b);
  const renderMs = times[Math.floor(times.length / 2)] ?? 0;
  const load = await measure(`${page.name}${page.kept ? ", from the cache" : ", rendered each time"}`, server, address, { method: "GET", headers: GZIP }, SHAPE);
  console.log(`  ${page.name} (${address.slice(0, 60)}): ${bytes.toLocaleString("en")} bytes; first answer after a write: median ${renderMs.toFixed(1)} ms`);
  return { bytes, items, renderMs, load };
}

runBench("bench:archive", servers, main);
