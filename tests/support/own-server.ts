import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ROOT, logIn, startServerProcess } from "./server-process";
import { commandArgs } from "../../scripts/server-command";

// A production server of a test's own, for settings the file's server (tests/setup/file-server.ts)
// does not have: the same build, a fresh seeded database in a temp dir, and the test's extra env.

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
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATABASE_URL: path.join(tmp, "aftermath.db"), LOOKUP_SECRET: "5eed".repeat(16), ...extraEnv };
  try {
    const prepared = spawnSync(process.execPath, [...commandArgs("prepare-db")], { cwd: ROOT, env, encoding: "utf8" });
    if (prepared.status !== 0) throw new Error(`prepare-db exited ${prepared.status ?? prepared.signal}:\n${prepared.stdout}\n${prepared.stderr}`);
    const server = await startServerProcess(env, logIn(tmp), port);
    const stop = async () => {
      await server.stop();
      await fs.rm(tmp, { recursive: true, force: true });
    };
    return { baseURL: server.baseURL, port, databasePath: env.DATABASE_URL ?? "", output: server.output, stop };
  } catch (error) {
    await fs.rm(tmp, { recursive: true, force: true });
    throw error;
  }
}
