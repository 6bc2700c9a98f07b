// What the import tests (db/affected/import*.test.ts) share: a workspace with a prepared database on
// either engine, the CLI, and ways to read the lists.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { afterAll, afterEach } from "vitest";
import { z } from "zod";
import type { Actor } from "@/domain/access";
import { readEnv } from "@/config/env";
import type { FixtureRow } from "@/tests/support/affected-fixture";
import { openPostgres } from "@/db/pg/connect";
import { copyToPostgres } from "@/db/pg/copy";
import { prepareDatabase } from "@/db/prepare";
import { openStore } from "@/db/open-store";
import type { Engine, Store } from "@/db/store/store";
import { importAffectedList } from "@/db/write/affected";
import { createIncident } from "@/db/write/incident";
import type { ImportProgress } from "@/domain/affected-list/read-rows";
import { fileSource } from "@/domain/affected-list/source";
import { asAdmin, testPostgres } from "./postgres";
import { giveShape } from "./shapes";
import { commandArgs } from "../../scripts/server-command";

export const SECRET = "0123456789abcdef".repeat(4);
/** An incident of the workspace with no list yet; the shipped one has a generated sample of 155. */
export const SLUG = "list-test";
export const SEEDED = 155;
export const HEADER = "account_id,request_id,occurred_at,prompt_tokens,role";
export const ROOT = path.resolve(import.meta.dirname, "../..");
export const CLI = commandArgs("import-affected");

export const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

/** Work on a database, through a store of its own that is closed after. */
export async function withStore<T>(databaseUrl: string, work: (store: Store) => Promise<T>): Promise<T> {
  const target = readEnv({ DATABASE_URL: databaseUrl }).DATABASE_URL;
  const store = openStore(target, { max: 2, name: "aftermath-import-test" });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** An incident whose list has GLM-5.3's shape, the one the fixtures' rows are in. */
export async function addIncident(ws: { databaseUrl: string }, slug: string): Promise<void> {
  await withStore(ws.databaseUrl, async (store) => {
    await createIncident({ store, actor: editor, input: { slug, title: slug, summary: "s", provider: "p", service: "svc", status: "resolved", impact: "i", cause: "c" } });
    await giveShape(store, slug);
  });
}

/** A prepared SQLite database in `dir`: the shipped incidents (one with its 155 sample rows) and an incident with none. */
async function preparedSqlite(dir: string, secret: string): Promise<string> {
  const dbFile = path.join(dir, "aftermath.db");
  await prepareDatabase({ env: readEnv({ DATABASE_URL: dbFile, LOOKUP_SECRET: secret }) });
  await addIncident({ databaseUrl: dbFile }, SLUG);
  return dbFile;
}

/**
 * For one test file (call it at the file's top level): a function that makes workspaces, each a
 * fresh directory with a prepared database on `engine` (the shipped incident with its 155 sample
 * rows, and an incident with none). Its folder and PostgreSQL server are the file's own, made and
 * removed with its hooks: the unit files share modules, so nothing of a file lives in this module.
 */
export function workspaces() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-import-test-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  // One PostgreSQL server for the importing file: each workspace a database of its own on it.
  const server = testPostgres({ own: true });
  const admin = (statement: string) => asAdmin(server.url, statement);

  const urlOf = (database: string) => {
    const url = new URL(server.url);
    url.pathname = `/${database}`;
    return url.toString();
  };

  /** Per secret, a PostgreSQL database prepared as a SQLite workspace is (db:copy's own code), that each PostgreSQL workspace is made from. */
  const templates = new Map<string, Promise<string>>();
  let made = 0;
  function postgresTemplate(secret: string): Promise<string> {
    const found = templates.get(secret);
    if (found) return found;
    const name = `import_template_${templates.size}`;
    const template = (async () => {
      const source = await preparedSqlite(fs.mkdtempSync(path.join(root, "template-")), secret);
      await admin(`CREATE DATABASE ${name}`);
      const target = openPostgres(urlOf(name), { max: 1 });
      const sqlite = new Database(source, { readonly: true });
      try {
        await copyToPostgres(sqlite, target);
      } finally {
        sqlite.close();
        await target.$client.end();
      }
      return name;
    })();
    templates.set(secret, template);
    return template;
  }

  /** The PostgreSQL workspaces of the running test, dropped after it: the server's cluster stays small, and quick to remove. */
  const madeNow: string[] = [];
  afterEach(async () => {
    for (const name of madeNow.splice(0)) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  return async function workspace(engine: Engine, secret = SECRET) {
    const dir = fs.mkdtempSync(path.join(root, "t-"));
    let databaseUrl: string;
    if (engine === "sqlite") databaseUrl = await preparedSqlite(dir, secret);
    else {
      const name = `import_ws_${++made}`;
      await admin(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(secret)}`);
      madeNow.push(name);
      databaseUrl = urlOf(name);
    }
    const env = readEnv({ DATABASE_URL: databaseUrl, LOOKUP_SECRET: secret });
    const file = (name: string, content: string | Buffer) => {
      const p = path.join(dir, name);
      fs.writeFileSync(p, content);
      return p;
    };
    return { engine, dir, databaseUrl, env, secret, file };
  };
}
export type Workspace = Awaited<ReturnType<ReturnType<typeof workspaces>>>;

const row = z.object({ tenant_key: z.string(), request_id: z.string(), occurred_at: z.string(), prompt_tokens: z.number(), role: z.string() });
export type Row = z.infer<typeof row>;

/** The rows of the live lists (of one incident, or all), as readers and lookups see them, by request id (the import sorts rows by account key). */
export function dump(ws: Workspace, incidentSlug?: string): Promise<Row[]> {
  return withStore(ws.databaseUrl, (store) => {
    const where = incidentSlug ? sql`AND l.incident_id = (SELECT id FROM incident WHERE slug = ${incidentSlug})` : sql``;
    return store.q.rows(
      row,
      sql`SELECT r.tenant_key, r.request_id, r.occurred_at, r.m1 AS prompt_tokens, r.role FROM affected_response r
         JOIN affected_list l ON l.id = r.list_id AND l.state = 'live' ${where} ORDER BY l.incident_id, r.request_id, r.role`,
    );
  });
}

/** How many rows every list holds, the building ones too. */
export function countRows(ws: Workspace): Promise<number> {
  return withStore(ws.databaseUrl, async (store) => (await store.q.row(z.object({ n: z.number() }), sql`SELECT count(*) AS n FROM affected_response`))?.n ?? 0);
}

export const byRequestId = <T extends { request_id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.request_id < b.request_id ? -1 : a.request_id > b.request_id ? 1 : 0));

export async function run(ws: Workspace, options: { file: string; replace?: boolean; incidentSlug?: string; onProgress?: (p: ImportProgress) => void }) {
  const { report } = await withStore(ws.databaseUrl, (store) =>
    importAffectedList({
      store,
      actor: editor,
      slug: options.incidentSlug ?? SLUG,
      version: null,
      rows: { source: fileSource(options.file), onProgress: options.onProgress },
      replace: options.replace,
      secret: ws.secret,
    }),
  );
  return report;
}

export function csv(rows: Iterable<FixtureRow>, { eol = "\n" } = {}): string {
  let out = HEADER + eol;
  for (const r of rows) out += `${r.account_id},${r.request_id},${r.occurred_at},${r.prompt_tokens},${r.role}${eol}`;
  return out;
}

export function json(rows: Iterable<FixtureRow>): string {
  const items = [...rows].map((r) => JSON.stringify({ ...r, prompt_tokens: Number(r.prompt_tokens) }));
  return `[\n${items.join(",\n")}\n]\n`;
}

export type CliResult = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

export function startCli(args: string[], env: Record<string, string>, { command = process.execPath, prefix = [] as string[] } = {}) {
  const child = spawn(command, [...prefix, ...CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export function cli(ws: Workspace, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return startCli(args, { DATABASE_URL: ws.databaseUrl, LOOKUP_SECRET: ws.secret, ...env }).done;
}

/** "added: 1,234" → 1234. */
export function reported(stdout: string, label: string): number {
  const match = new RegExp(`^${label}:\\s+([\\d,]+)$`, "m").exec(stdout);
  if (!match?.[1]) throw new Error(`no "${label}" in:\n${stdout}`);
  return Number(match[1].replaceAll(",", ""));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function killHard(child: ChildProcess): void {
  if (child.pid !== undefined) process.kill(child.pid, "SIGKILL");
}

/** VmHWM of a running process, from /proc; null once it is gone. */
export function peakRssKib(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  } catch {
    return null;
  }
}
