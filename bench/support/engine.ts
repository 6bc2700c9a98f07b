// The engine a benchmark runs the app on: BENCH_ENGINE=sqlite (the default) or postgres. On
// PostgreSQL a server of the benchmark's own is started (tests/support/postgres.ts: a fresh cluster
// in a temp dir) and each database is filled the way an operator would move to it: the SQLite file
// prepared as on SQLite (migrations and the shipped incidents), then copied by `npm run db:copy`'s
// verb. What the app then reads and writes (an import, links) goes through its Store on that engine.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { z } from "zod";
import { databaseTarget, readEnv } from "@/config/env";
import { openPostgres } from "@/db/pg/connect";
import { copyToPostgres } from "@/db/pg/copy";
import { prepareDatabase } from "@/db/prepare";
import { openStore } from "@/db/open-store";
import type { Engine, Store } from "@/db/store/store";
import { type Postgres, startPostgres } from "@/tests/support/postgres";
import { BenchFailure } from "./common";
import { watchDatabase } from "./cpu";

function engineOf(raw: string | undefined): Engine {
  const parsed = z.enum(["sqlite", "postgres"]).safeParse(raw || "sqlite");
  if (!parsed.success) throw new Error(`BENCH_ENGINE must be sqlite or postgres, not "${raw}"`);
  return parsed.data;
}

export const ENGINE: Engine = engineOf(process.env.BENCH_ENGINE);

/** How the printout names the engine and its driver. */
export const ENGINE_NAME = ENGINE === "postgres" ? "PostgreSQL (node-postgres)" : "SQLite (better-sqlite3)";

/** A database name PostgreSQL takes unquoted; the benchmarks name theirs. */
const NAME = /^[a-z][a-z0-9_]{0,40}$/;

export type BenchDatabases = {
  /**
   * Migrations and the shipped incidents in `file` (a SQLite file, always made: it is the source on
   * PostgreSQL) and, on PostgreSQL, copied into a new database `name`. The DATABASE_URL to give the app.
   */
  seeded(file: string, name: string, secret: string): Promise<string>;
  /** A new, empty PostgreSQL database's URL (for a floor's own tables). */
  emptyPostgres(name: string): Promise<string>;
  /** Stops the PostgreSQL server, if one was started, and removes its cluster. */
  stopAll(): Promise<void>;
};

export function benchDatabases(engine: Engine = ENGINE): BenchDatabases {
  let server: Promise<Postgres> | null = null;
  // One server for the whole run, started when the first database is asked for.
  const postgres = () => (server ??= startPostgres().then(announced));
  const create = async (name: string): Promise<string> => {
    if (!NAME.test(name) || name === "aftermath" || name === "postgres") throw new Error(`"${name}" is not a database name the benchmark may create`);
    const { url } = await postgres();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.toString();
  };
  return {
    async seeded(file, name, secret) {
      await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: secret }) });
      if (engine === "sqlite") return file;
      const url = await create(name);
      await copyInto(file, url);
      return url;
    },
    emptyPostgres: create,
    async stopAll() {
      const started = server;
      server = null;
      watchDatabase(null);
      if (started) await (await started).stop();
    },
  };
}

const version = z.object({ server_version: z.string() });

/** Says which server the figures are of: its version, and that it is a test cluster (fsync off: no flush waits, for the app and the floors alike). */
async function announced(server: Postgres): Promise<Postgres> {
  const client = new pg.Client({ connectionString: server.url });
  // A failure here is only a line not printed: the server must still be handed back, to be stopped.
  try {
    await client.connect();
    const { server_version } = version.parse((await client.query("SHOW server_version")).rows[0]);
    console.log(`  PostgreSQL ${server_version} on 127.0.0.1:${server.port}, a cluster of the benchmark's own in ${server.dir} (fsync off); its CPU is counted apart`);
  } catch (error) {
    console.warn(`  PostgreSQL on 127.0.0.1:${server.port} did not say its version: ${String(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  watchDatabase(postmasterOf(server));
  return server;
}

/** The postmaster's pid: the first line of postmaster.pid in the cluster's data folder (tests/support/postgres.ts puts it in `data`). */
function postmasterOf(server: Postgres): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(server.dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** db:copy's verb: every table of the SQLite file, in one transaction, into the empty database. */
async function copyInto(file: string, url: string): Promise<void> {
  const source = new Database(file, { readonly: true, fileMustExist: true });
  const target = openPostgres(url, { max: 2, name: "aftermath-bench-copy" });
  try {
    const copied = await copyToPostgres(source, target);
    const rows = copied.reduce((n, t) => n + t.rows, 0);
    console.log(`  ${path.basename(file)} copied into ${new URL(url).pathname.slice(1)}: ${rows.toLocaleString("en")} rows in ${copied.length} tables`);
  } finally {
    source.close();
    await target.$client.end();
  }
}

/** The app's Store on a DATABASE_URL (a SQLite file or a PostgreSQL database), as the server opens it. */
export function benchStore(url: string): Store {
  const target = databaseTarget(url);
  if (!target) throw new BenchFailure(`${url} is not a DATABASE_URL`);
  return openStore(target, { name: "aftermath-bench" });
}
