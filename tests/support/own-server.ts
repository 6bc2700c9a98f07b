import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverCommand } from "../../scripts/server-command";
import { stopChild } from "./process";

// A production server of a test's own, for settings the shared one (tests/setup/global-setup.ts)
// does not have: the same build, a fresh database in a temp dir, and the test's extra env.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DIST_DIR = process.env.AFTERMATH_TEST_DIST_DIR ?? ".next-test";
const SCRIPT = ["--import", "./scripts/register.mjs"];
const START_TIMEOUT_MS = 60_000;

export type OwnServer = {
  baseURL: string;
  port: number;
  databasePath: string;
  /** Everything the server printed so far. */
  output: () => string;
  stop: () => Promise<void>;
};

/** The port first, so a caller can put the server's own address in its env (PUBLIC_ORIGIN) before it starts. */
export async function startOwnServer(port: number, extraEnv: Record<string, string>): Promise<OwnServer> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "aftermath-own-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: path.join(tmp, "aftermath.db"),
    LOOKUP_SECRET: "5eed".repeat(16),
    ...extraEnv,
    PORT: String(port),
    HOST: "127.0.0.1",
  };
  const chunks: string[] = [];
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child) await stopChild(child);
    await fs.rm(tmp, { recursive: true, force: true });
  };
  try {
    const prepared = spawnSync(process.execPath, [...SCRIPT, "scripts/prepare-db.ts"], { cwd: ROOT, env, encoding: "utf8" });
    if (prepared.status !== 0) throw new Error(`prepare-db exited ${prepared.status ?? prepared.signal}:\n${prepared.stdout}\n${prepared.stderr}`);
    child = spawn(process.execPath, serverCommand(), { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", (c: Buffer) => chunks.push(c.toString()));
    child.stderr?.on("data", (c: Buffer) => chunks.push(c.toString()));
    const baseURL = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(baseURL, child, () => chunks.join(""));
    return { baseURL, port, databasePath: env.DATABASE_URL ?? "", output: () => chunks.join(""), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitUntilAnswering(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    try {
      await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`the server did not answer GET ${baseURL}/ within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}
