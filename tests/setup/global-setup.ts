import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { serverCommand } from "../../scripts/server-command";
import { freePort, stopChild } from "../support/process";

declare module "vitest" {
  interface ProvidedContext {
    baseURL: string;
    databasePath: string;
    serverLogPath: string;
    lookupSecret: string;
  }
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
/** A session working beside another can build elsewhere: AFTERMATH_TEST_DIST_DIR=.next-mine. */
const DIST_DIR = process.env.AFTERMATH_TEST_DIST_DIR ?? ".next-test";
/** Fixed so the database is the same from run to run; not a real secret. */
export const TEST_LOOKUP_SECRET = "5eed".repeat(16);
const START_TIMEOUT_MS = 60_000;
const KILL_GRACE_MS = 5_000;

/**
 * Builds the app into .next-test, seeds a fresh database in a temp dir and starts the production
 * server (scripts/server.ts) on it, on a free port. AFTERMATH_E2E_REUSE_BUILD=1 skips the build when one is there.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "aftermath-e2e-"));
  const databasePath = path.join(tmp, "aftermath.db");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Vitest sets NODE_ENV=test; next build and next start are production.
    NODE_ENV: "production",
    DATABASE_URL: databasePath,
    LOOKUP_SECRET: TEST_LOOKUP_SECRET,
    // Lets each test pick its own client address with X-Forwarded-For, so rate limits stay apart.
    TRUST_PROXY: "1",
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
  };

  let server: ChildProcess | undefined;
  const teardown = async () => {
    if (server) await stopChild(server, KILL_GRACE_MS);
    await fs.rm(tmp, { recursive: true, force: true });
  };

  try {
    run("prepare the database", [process.execPath, "--import", "./scripts/register.mjs", "scripts/prepare-db.ts"], env, {
      inheritStderr: true,
    });

    const reuse = process.env.AFTERMATH_E2E_REUSE_BUILD === "1" && (await exists(path.join(ROOT, DIST_DIR, "BUILD_ID")));
    if (!reuse) run("next build", [process.execPath, NEXT_BIN, "build"], env);

    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    // The server writes what it prints straight into a file of its own, so a line it logs before an
    // answer is in the file before that answer arrives: tests read it as soon as they have the answer.
    const serverLogPath = path.join(tmp, "server.log");
    const logFd = openSync(serverLogPath, "a");
    server = spawn(process.execPath, serverCommand(), {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", logFd, logFd],
    });
    closeSync(logFd);
    const output = () => readFileSync(serverLogPath, "utf8");
    await waitUntilAnswering(baseURL, server, output);

    project.provide("baseURL", baseURL);
    project.provide("databasePath", databasePath);
    project.provide("serverLogPath", serverLogPath);
    project.provide("lookupSecret", TEST_LOOKUP_SECRET);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}

function run(what: string, [command, ...args]: string[], env: NodeJS.ProcessEnv, { inheritStderr = false } = {}): void {
  const result = spawnSync(command!, args, {
    cwd: ROOT,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", inheritStderr ? "inherit" : "pipe"],
  });
  if (result.error) throw new Error(`${what} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    const output = [result.stdout, result.stderr].filter(Boolean).join("\n");
    throw new Error(
      `${what} failed (exit ${result.status ?? result.signal}):\n${output}${inheritStderr ? "\n(its stderr is above)" : ""}`,
    );
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function waitUntilAnswering(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before answering:\n${output()}`);
    }
    try {
      await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`the server did not answer GET ${baseURL}/ within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

