// What the import tests (db/affected/import*.test.ts) share: a workspace with a prepared database, the CLI, and ways to read the lists.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { Actor } from "@/domain/access";
import { openDatabase } from "@/db/client";
import { readEnv } from "@/config/env";
import type { FixtureRow } from "@/tests/support/affected-fixture";
import { prepareDatabase } from "@/db/prepare";
import { importAffectedList } from "@/db/write/affected";
import { createIncident } from "@/db/write/incident";
import type { ImportProgress } from "@/domain/affected-list/read-rows";
import { fileSource } from "@/domain/affected-list/source";

export const SECRET = "0123456789abcdef".repeat(4);
/** An incident of the workspace with no list yet; the shipped one has a generated sample of 155. */
export const SLUG = "list-test";
export const SEEDED = 155;
export const HEADER = "account_id,request_id,occurred_at,prompt_tokens,role";
export const ROOT = path.resolve(import.meta.dirname, "../..");
export const CLI = ["--import", "./scripts/register.mjs", "scripts/import-affected.ts"];
import { giveShape } from "./shapes";

export const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-import-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** An incident whose list has GLM-5.3's shape, the one the fixtures' rows are in. */
export function addIncident(dbFile: string, slug: string) {
  withDb(dbFile, (db) => {
    createIncident({ db, actor: editor, input: { slug, title: slug, summary: "s", provider: "p", service: "svc", status: "resolved", impact: "i", cause: "c" } });
    giveShape(db, slug);
  });
}

/** A fresh directory with a prepared database: the shipped incident with its 155 sample rows, and an incident with none. */
export async function workspace(secret = SECRET) {
  const dir = fs.mkdtempSync(path.join(root, "t-"));
  const dbFile = path.join(dir, "aftermath.db");
  const env = readEnv({ DATABASE_URL: dbFile, LOOKUP_SECRET: secret });
  await prepareDatabase({ env });
  addIncident(dbFile, SLUG);
  const file = (name: string, content: string | Buffer) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, content);
    return p;
  };
  return { dir, dbFile, env, secret, file };
}
export type Workspace = Awaited<ReturnType<typeof workspace>>;

export function withDb<T>(dbFile: string, fn: (db: ReturnType<typeof openDatabase>) => T): T {
  const db = openDatabase(dbFile);
  try {
    return fn(db);
  } finally {
    db.$client.close();
  }
}

export type Row = { tenant_key: string; request_id: string; occurred_at: string; prompt_tokens: number; role: string };

/** The rows of the live lists (of one incident, or all), as readers and lookups see them, by request id (the import sorts rows by account key). */
export function dump(dbFile: string, incidentSlug?: string): Row[] {
  return withDb(dbFile, (db) => {
    const where = incidentSlug ? "AND l.incident_id = (SELECT id FROM incident WHERE slug = ?)" : "";
    return db.$client
      .prepare(
        `SELECT r.tenant_key, r.request_id, r.occurred_at, r.m1 AS prompt_tokens, r.role FROM affected_response r
         JOIN affected_list l ON l.id = r.list_id AND l.state = 'live' ${where} ORDER BY l.incident_id, r.request_id, r.role`,
      )
      .all(...(incidentSlug ? [incidentSlug] : [])) as Row[];
  });
}

export const byRequestId = <T extends { request_id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.request_id < b.request_id ? -1 : a.request_id > b.request_id ? 1 : 0));

export async function run(ws: Workspace, options: { file: string; replace?: boolean; incidentSlug?: string; onProgress?: (p: ImportProgress) => void }) {
  const { report } = await withDbAsync(ws.dbFile, (db) =>
    importAffectedList({
      db,
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

export async function withDbAsync<T>(dbFile: string, fn: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase(dbFile);
  try {
    return await fn(db);
  } finally {
    db.$client.close();
  }
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
  return startCli(args, { DATABASE_URL: ws.dbFile, LOOKUP_SECRET: ws.secret, ...env }).done;
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
