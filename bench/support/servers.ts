import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { freePort, stopChild } from "../../tests/support/process";
import { serverCommand } from "../../scripts/server-command";
import { DIST_DIR, ROOT } from "./build";

const START_TIMEOUT_MS = 90_000;
const KILL_GRACE_MS = 8_000;

export type Server = {
  name: string;
  baseURL: string;
  child: ChildProcess;
  /** performance.now() in this process just before the child was spawned. */
  spawnedAt: number;
  output: string[];
};

/** Node's arguments for the production server, as `npm start` runs it, with any flags of Node's own. */
export const appArgs = serverCommand;

/** The production server's environment on `database`, on the benchmark's build, with no rate limits. */
export function appEnv(database: string, secret: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: DIST_DIR,
    DATABASE_URL: database,
    LOOKUP_SECRET: secret,
    LOOKUP_RATE_LIMIT_PER_MINUTE: "0",
    LOOKUP_ACCOUNT_RATE_LIMIT_PER_MINUTE: "0",
    TRUST_PROXY: "0",
    AFTERMATH_BENCH: "1",
  };
}

/**
 * Starts `node <args>` as a child process — never with this process's flags (no react-server
 * condition) — and waits until `ready` answers. Its output goes to `logFile`.
 */
export async function startServer({
  name,
  args,
  env,
  port,
  logFile,
  ready,
}: {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  logFile: string;
  ready: (baseURL: string) => Promise<boolean>;
}): Promise<Server> {
  const baseURL = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const log = createWriteStream(logFile);
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const record = (chunk: Buffer) => {
    if (output.length < 200) output.push(chunk.toString());
    log.write(chunk);
  };
  child.stdout?.on("data", record);
  child.stderr?.on("data", record);
  child.once("exit", () => log.end());
  const server: Server = { name, baseURL, child, spawnedAt, output };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before answering:\n${output.join("")}`);
    }
    try {
      if (await ready(baseURL)) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopServer(server);
  throw new Error(`${name} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output.join("")}`);
}

type StartOptions = Parameters<typeof startServer>[0];

/** The servers a benchmark has started, so that an error or Ctrl-C stops every one of them. */
export type ServerPool = {
  start(options: Omit<StartOptions, "port">): Promise<Server>;
  stop(server: Server): Promise<void>;
  stopAll(): Promise<void>;
};

export function serverPool(): ServerPool {
  const running = new Set<Server>();
  const stop = async (server: Server) => {
    await stopServer(server);
    running.delete(server);
  };
  return {
    async start(options) {
      const server = await startServer({ ...options, port: await freePort() });
      running.add(server);
      console.log(`  ${server.name} answering on ${server.baseURL} (pid ${server.child.pid})`);
      return server;
    },
    stop,
    async stopAll() {
      for (const server of [...running]) await stop(server);
    },
  };
}

/** SIGTERM to this child's own PID, SIGKILL after a grace period; resolves when it has exited. */
export function stopServer(server: Server): Promise<void> {
  return stopChild(server.child, KILL_GRACE_MS);
}

export { freePort };
