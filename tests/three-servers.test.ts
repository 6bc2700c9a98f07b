import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { tokenAdd } from "./support/api";
import { GLM_SHAPE } from "./support/shapes";
import { type Postgres, startPostgres } from "./support/postgres";
import { type ServerProcess, ROOT, logIn, startServerProcess } from "./support/server-process";
import { commandArgs } from "../scripts/server-command";

// Three app servers, as on three machines, on one PostgreSQL server of this file's own (a copy of
// the seeded template by db:copy): a change through one is seen by the others at their next request,
// the lookup's limit is counted once for all, a server killed mid-import leaves nothing half done,
// and while PostgreSQL restarts every server answers 503 with Retry-After, then recovers by itself.
const SLUG = "glm-5-3-kv-cache-exposure";
const LOOKUP_LIMIT = 6;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-three-"));
let postgres: Postgres | undefined;
let servers: ServerProcess[] = [];
let token = "";

const serverAt = (i: number): ServerProcess => {
  const s = servers[i % servers.length];
  if (!s) throw new Error("the servers start in beforeAll");
  return s;
};
const api = (i: number, method: string, route: string, body?: unknown, contentType = "application/json") =>
  fetch(new URL(`/api/v1${route}`, serverAt(i).baseURL), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": contentType }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
const json = async (r: Response) => (await r.json()) as Record<string, unknown>;
const versionOf = async (slug: string, through = 1) => (await json(await api(through, "GET", `/incidents/${slug}`))).version as number;

beforeAll(async () => {
  postgres = await startPostgres();
  const copied = spawnSync(process.execPath, [...commandArgs("db-copy"), "--to", postgres.url], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: inject("templatePath"), NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (copied.status !== 0) throw new Error(`db:copy failed: ${copied.stderr}`);
  // A small lookup limit: a bucket refills as it goes (one lookup in ten seconds here), so a busy
  // machine cannot give one back before the test has used them all.
  const env = { ...process.env, DATABASE_URL: postgres.url, LOOKUP_SECRET: inject("lookupSecret"), TRUST_PROXY: "1", OUTBOX_WORKER: "0", LOOKUP_RATE_LIMIT_PER_MINUTE: String(LOOKUP_LIMIT) };
  servers = await Promise.all([0, 1, 2].map((i) => startServerProcess(env, logIn(fs.mkdtempSync(path.join(dir, `server-${i}-`))))));
  token = tokenAdd("write", postgres.url);
}, 180_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await postgres?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("three app servers on one PostgreSQL", () => {
  it("shows a change made through the first at the other two's next request, though each had the old answer kept", async () => {
    const file = `/incidents/${SLUG}/incident.json`;
    const titleIn = (doc: Record<string, unknown>) => (doc.record as { incident: { title: string } }).incident.title;
    const title = async (i: number) => titleIn(await json(await fetch(new URL(file, serverAt(i).baseURL))));
    for (const i of [1, 2]) {
      const old = await title(i);
      const again = await fetch(new URL(file, serverAt(i).baseURL));
      expect(again.headers.get("cache-status")).toBe("aftermath; hit");
      expect(titleIn(await json(again))).toBe(old);
    }
    const renamed = `Renamed through the first server ${randomBytes(3).toString("hex")}`;
    const patched = await api(0, "PATCH", `/incidents/${SLUG}`, { version: await versionOf(SLUG), title: renamed });
    expect(patched.status).toBe(200);
    expect([await title(1), await title(2)]).toEqual([renamed, renamed]);
  });

  it("counts the lookup's limit once for all three: 6 a minute from one client, wherever each lands", async () => {
    const client = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.7`;
    const lookup = (i: number) =>
      fetch(new URL(`/api/incidents/${SLUG}/lookup`, serverAt(i).baseURL), {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": client },
        body: JSON.stringify({ accountId: randomBytes(16).toString("hex") }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUP_LIMIT; i++) statuses.push((await lookup(i)).status);
    expect(statuses).toEqual(Array(LOOKUP_LIMIT).fill(403));
    expect([(await lookup(0)).status, (await lookup(1)).status, (await lookup(2)).status]).toEqual([429, 429, 429]);
  });

  it("loses nothing when a server is killed in the middle of an import: the list stays as it was, and the next import through another server succeeds", async () => {
    const slug = `three-${randomBytes(4).toString("hex")}`;
    const header = "account_id,request_id,occurred_at,prompt_tokens,role";
    const rows = (n: number, prefix: string) => Array.from({ length: n }, (_, k) => `${prefix}${String(k).padStart(30, "0")},req-${k},2026-09-01T12:00:00Z,${(k % 900) + 1},recipient`);
    expect((await api(1, "POST", "/incidents", { slug, title: `Import ${slug}`, summary: "A test.", provider: "Example", service: "Queues", model: null, status: "resolved", severity: null, impact: "None.", cause: "A test.", isAttack: false, attackNote: null, contextTitle: null })).status).toBe(201);
    const put = await api(1, "PUT", `/incidents/${slug}/affected/schema`, { version: await versionOf(slug), shape: GLM_SHAPE });
    expect(put.status, await put.clone().text()).toBe(200);
    const first = await api(1, "POST", `/incidents/${slug}/affected?version=${await versionOf(slug)}`, [header, ...rows(3, "aa")].join("\n") + "\n", "text/csv");
    expect(first.status, await first.clone().text()).toBe(201);
    const before = await versionOf(slug);

    // The large import goes to the first server, which is killed once its transaction is open.
    const big = [header, ...rows(200_000, "bb")].join("\n") + "\n";
    const upload = api(0, "POST", `/incidents/${slug}/affected?version=${before}`, big, "text/csv").catch((error: unknown) => error);
    await untilWriting(postgres?.url ?? "");
    await serverAt(0).kill();
    expect(await upload).toBeInstanceOf(Error);

    expect([await versionOf(slug, 1), await versionOf(slug, 2)]).toEqual([before, before]);
    expect((await json(await api(2, "GET", `/incidents/${slug}`))).affected).toMatchObject({ rows: true, summary: { total: 3 } });
    const next = await api(2, "POST", `/incidents/${slug}/affected?version=${before}`, [header, ...rows(5, "cc")].join("\n") + "\n", "text/csv");
    expect(next.status, await next.clone().text()).toBe(201);
  });

  it("answers 503 with Retry-After, never a 500, while PostgreSQL restarts, and recovers without being restarted", async () => {
    // The first server was killed above: the other two carry the load.
    const live = [1, 2];
    const seen = new Map<number, number>();
    let retryAfterMissing = 0;
    let stop = false;
    const load = (async () => {
      for (let n = 0; !stop; n++) {
        const i = live[n % live.length] ?? 1;
        const paths = ["/", `/incidents/${SLUG}`, `/incidents/${SLUG}/incident.json`, `/api/v1/incidents/${SLUG}`];
        const r = await fetch(new URL(paths[n % paths.length] ?? "/", serverAt(i).baseURL), { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
        if (!r) continue;
        await r.arrayBuffer();
        seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
        if (r.status === 503 && !r.headers.get("retry-after")) retryAfterMissing += 1;
      }
    })();
    await new Promise((r) => setTimeout(r, 500));
    await postgres?.down();
    // Long enough for every server to be asked while it is gone.
    await new Promise((r) => setTimeout(r, 2_000));
    await postgres?.up();
    // Recovered: every server answers from the database again within a few seconds, by itself.
    for (const i of live) await untilOk(new URL(`/api/v1/incidents/${SLUG}`, serverAt(i).baseURL));
    stop = true;
    await load;
    expect([...seen.keys()].sort()).toEqual([200, 503]);
    expect(retryAfterMissing).toBe(0);
  });
});

/** Resolves once PostgreSQL holds an open transaction of an app server that has written (the import's). */
async function untilWriting(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'aftermath' AND backend_xid IS NOT NULL");
      if (Number(rows[0]?.n) > 0) return;
    }
    throw new Error("no import's transaction began within a minute");
  } finally {
    await client.end();
  }
}

async function untilOk(url: URL): Promise<void> {
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
    if (r?.status === 200) return;
  }
  throw new Error(`${url.href} did not answer 200 within 30 s of PostgreSQL's restart`);
}
