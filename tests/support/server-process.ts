import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverCommand } from "../../scripts/server-command";
import { freePort, stopChild } from "./process";

// The production server (scripts/server.ts) as the tests start it: the shared build, a database and
// env of the caller's, a free port, and its output in a file, so a line it logs before an answer is
// in the file before that answer arrives.

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** A session working beside another can build elsewhere: AFTERMATH_TEST_DIST_DIR=.next-mine. */
export const DIST_DIR = process.env.AFTERMATH_TEST_DIST_DIR ?? ".next-test";
const START_TIMEOUT_MS = 60_000;

export type ServerProcess = { baseURL: string; port: number; logPath: string; output: () => string; stop: () => Promise<void>; kill: () => Promise<void> };

/**
 * Starts the server on `env` (its DATABASE_URL and the rest), logging to `logPath`, on `port` if given
 * (a caller that put its address in the env); a free port taken meanwhile by another process is tried again with another.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, logPath: string, given?: number): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = given ?? (await freePort());
    const log = openSync(logPath, "a");
    const child = spawn(process.execPath, serverCommand(), {
      cwd: ROOT,
      env: { ...env, NODE_ENV: "production", NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", log, log],
    });
    closeSync(log);
    const output = () => readFileSync(logPath, "utf8");
    const baseURL = `http://127.0.0.1:${port}`;
    try {
      // Ours only once it says it listens: a port taken meanwhile by another file's server answers too.
      await waitUntilAnswering(baseURL, child, () => output().includes(`listening on ${baseURL}`), output);
      // kill: as a machine lost mid-request would be, with no chance to finish or roll back.
      return { baseURL, port, logPath, output, stop: () => stopChild(child), kill: () => stopChild(child, 0, "SIGKILL") };
    } catch (error) {
      await stopChild(child);
      if (given === undefined && attempt < 3 && output().includes("EADDRINUSE")) continue;
      throw error;
    }
  }
}

async function waitUntilAnswering(baseURL: string, child: ChildProcess, listening: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    if (!listening()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      // The first answer may take long on a busy machine; a probe given up on would leave its render
      // running and start another beside it, so each waits as long as the deadline allows.
      await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(Math.max(1_000, deadline - Date.now())) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`the server did not answer GET ${baseURL}/ within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** Where a server's files go: `dir`'s server.log. */
export const logIn = (dir: string) => path.join(dir, "server.log");
