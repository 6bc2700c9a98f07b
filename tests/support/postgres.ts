import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type PgDb, openPostgres } from "@/db/pg/connect";
import { migratePostgres } from "@/db/pg/migrate";
import { freePort } from "./process";

// A real PostgreSQL server for one test file (Debian's postgresql 15, which .ci/run installs): a
// cluster of its own in a temp dir, on a free loopback port, trusting local connections. initdb
// refuses to run as root, so as root the server runs as the `postgres` user the package made.

const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";
const asRoot = process.getuid?.() === 0;
const as = (command: string, args: string[]) => (asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]) as [string, string[]];

export type Postgres = { url: string; port: number; dir: string; stop: () => Promise<void>; restart: () => Promise<void>; kill: () => void };

function run(command: string, args: string[]): void {
  const [cmd, full] = as(command, args);
  const done = spawnSync(cmd, full, { encoding: "utf8" });
  if (done.status !== 0) throw new Error(`${command} failed (${done.status ?? done.signal}):\n${done.stdout}\n${done.stderr}`);
}

async function ready(url: string, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 100))) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > end) throw error;
    }
  }
}

/** Starts a fresh cluster with a database "aftermath"; `restart` stops and starts the same cluster on the same port. */
export async function startPostgres(): Promise<Postgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-pg-"));
  if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const data = path.join(dir, "data");
  run(path.join(BIN, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "-N"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const log = path.join(dir, "server.log");
  const start = async () => {
    run(path.join(BIN, "pg_ctl"), ["-D", data, "-o", options, "-l", log, "-w", "start"]);
    await ready(`postgres://postgres@127.0.0.1:${port}/postgres`);
  };
  // After a kill -9 there is no server to stop: pg_ctl says so, and that is fine.
  const stop = async () => {
    const [cmd, args] = as(path.join(BIN, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
    spawnSync(cmd, args, { encoding: "utf8" });
  };
  await start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE aftermath");
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/aftermath`,
    port,
    dir,
    restart: async () => {
      await stop();
      await start();
    },
    // The postmaster's pid is the first line of postmaster.pid: kill -9, as a crash would.
    kill: () => process.kill(Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]), "SIGKILL"),
    stop: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For one test file: its own server with a migrated database "aftermath" and a pool on it; `pool()`
 * opens another (a second process's, a second machine's). All are closed, and the server removed, after the file.
 */
export function testPostgres(): { readonly url: string; readonly db: PgDb; readonly server: Postgres; pool: (max?: number) => PgDb } {
  let server: Postgres | undefined;
  const pools: PgDb[] = [];
  beforeAll(async () => {
    server = await startPostgres();
    const db = openPostgres(server.url);
    pools.push(db);
    await migratePostgres(db);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.$client.end()));
    await server?.stop();
  });
  const started = () => {
    if (!server || !pools[0]) throw new Error("the PostgreSQL server starts in beforeAll: use it inside a test");
    return { server, db: pools[0] };
  };
  return {
    get url() {
      return started().server.url;
    },
    get db() {
      return started().db;
    },
    /** The server itself, for a test that kills or restarts it. */
    get server() {
      return started().server;
    },
    pool: (max = 3) => {
      const db = openPostgres(started().server.url, { max });
      pools.push(db);
      return db;
    },
  };
}
