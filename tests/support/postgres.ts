import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type PgDb, openPostgres } from "@/db/pg/connect";
import { migratePostgres } from "@/db/pg/migrate";
import { freePort } from "./process";

// A real PostgreSQL server for one test file (Debian's postgresql 15, which .ci/run installs): a
// cluster of its own in a temp dir, on a free loopback port, trusting local connections. initdb
// refuses to run as root, so as root the server runs as the `postgres` user the package made.

const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";
const asRoot = process.getuid?.() === 0;
const as = (command: string, args: string[]) => (asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]) as [string, string[]];

/** down and up: the server stopped and started again on its port (a restart with a gap); stop also removes it. */
export type Postgres = { url: string; port: number; dir: string; stop: () => Promise<void>; restart: () => Promise<void>; down: () => Promise<void>; up: () => Promise<void>; kill: () => void };

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
    down: stop,
    up: start,
    // The postmaster's pid is the first line of postmaster.pid: kill -9, as a crash would.
    kill: () => process.kill(Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]), "SIGKILL"),
    stop: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One statement on a server as its administrator (CREATE or DROP DATABASE cannot run inside a pool's transaction). */
export async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of the caller's own on `adminUrl`'s server, made from `template` (a copy of it): its URL, and how to drop it. */
export async function databaseFrom(adminUrl: string, template: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * For one test file: a migrated database "aftermath" and a pool on it; `pool()` opens another (a
 * second process's, a second machine's). The database is the file's own on the run's shared server,
 * unless `own`: a server of the file's own, for a test that kills or restarts it. All is closed and
 * removed after the file.
 */
export function testPostgres({ own = false }: { own?: boolean } = {}): { readonly url: string; readonly db: PgDb; readonly server: Postgres; pool: (max?: number) => PgDb } {
  let server: Postgres | undefined;
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const pools: PgDb[] = [];
  beforeAll(async () => {
    const shared = own ? undefined : inject("unitPostgres");
    if (shared) {
      ({ url, drop } = await databaseFrom(shared.adminUrl, shared.template, "unit"));
      pools.push(openPostgres(url));
      return;
    }
    server = await startPostgres();
    url = server.url;
    const db = openPostgres(url);
    pools.push(db);
    await migratePostgres(db);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.$client.end()));
    await drop?.();
    await server?.stop();
  });
  const started = () => {
    if (!url || !pools[0]) throw new Error("the PostgreSQL database is made in beforeAll: use it inside a test");
    return { url, db: pools[0] };
  };
  return {
    get url() {
      return started().url;
    },
    get db() {
      return started().db;
    },
    /** The server itself, for a test that kills or restarts it (one that asked for its own). */
    get server() {
      if (!server) throw new Error("this file's database is on the run's shared server: ask testPostgres({ own: true }) to kill or restart one");
      return server;
    },
    pool: (max = 3) => {
      const db = openPostgres(started().url, { max });
      pools.push(db);
      return db;
    },
  };
}
