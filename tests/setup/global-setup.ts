import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type Postgres, startPostgres } from "../support/postgres";
import { DIST_DIR, ROOT } from "../support/server-process";
import { commandArgs } from "../../scripts/server-command";
import { type Build, startBuild } from "./background-build";

declare module "vitest" {
  interface ProvidedContext {
    /** The seeded database every test file's server starts from a copy of (tests/setup/file-server.ts). */
    templatePath: string;
    lookupSecret: string;
    /** The same seeded database in a PostgreSQL server the run started, for the e2e-pg project's files (each gets a database made from it). */
    postgresTemplate: { adminUrl: string; database: string };
    /** The file the run's build writes how it ended to (tests/setup/background-build.ts). */
    buildMarker: string;
  }
}

const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
/** Fixed so the database is the same from run to run; not a real secret. */
export const TEST_LOOKUP_SECRET = "5eed".repeat(16);

/**
 * Once for the whole run: starts the build of the app into .next-test, which the e2e files wait for
 * (AFTERMATH_E2E_REUSE_BUILD=1 skips it when one is there), and seeds the template database. Each
 * test file then serves a copy of it from a server of its own, so files run side by side and none
 * sees another's writes.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Both e2e projects name this file: the build, the template and the PostgreSQL server are made once and shared.
  const shared = globalThis as unknown as { aftermathE2e?: Promise<Prepared>; aftermathE2eUsers?: number };
  shared.aftermathE2e ??= prepare();
  shared.aftermathE2eUsers = (shared.aftermathE2eUsers ?? 0) + 1;
  const prepared = await shared.aftermathE2e;
  project.provide("templatePath", prepared.templatePath);
  project.provide("lookupSecret", TEST_LOOKUP_SECRET);
  project.provide("postgresTemplate", prepared.postgresTemplate);
  project.provide("buildMarker", prepared.buildMarker);
  return async () => {
    shared.aftermathE2eUsers = (shared.aftermathE2eUsers ?? 1) - 1;
    if (shared.aftermathE2eUsers === 0) await prepared.teardown();
  };
}

type Prepared = { templatePath: string; postgresTemplate: { adminUrl: string; database: string }; buildMarker: string; teardown: () => Promise<void> };

async function prepare(): Promise<Prepared> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "aftermath-e2e-"));
  const templatePath = path.join(tmp, "template.db");
  const buildMarker = path.join(tmp, "build.json");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Vitest sets NODE_ENV=test; next build and the server are production.
    NODE_ENV: "production",
    DATABASE_URL: templatePath,
    LOOKUP_SECRET: TEST_LOOKUP_SECRET,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  let postgres: Postgres | undefined;
  let build: Build | undefined;
  const teardown = async () => {
    await build?.stop();
    await postgres?.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  };
  try {
    run("prepare the database", [process.execPath, ...commandArgs("prepare-db")], env, { inheritStderr: true });
    const reuse = process.env.AFTERMATH_E2E_REUSE_BUILD === "1" && (await exists(path.join(ROOT, DIST_DIR, "BUILD_ID")));
    if (reuse) await fs.writeFile(buildMarker, JSON.stringify({ ok: true, output: "" }));
    else build = startBuild(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, env }, buildMarker);
    postgres = await startPostgres();
    run("copy the database to PostgreSQL", [process.execPath, ...commandArgs("db-copy"), "--to", postgres.url], env, { inheritStderr: true });
    return { templatePath, postgresTemplate: { adminUrl: postgres.url.replace(/\/aftermath$/, "/postgres"), database: "aftermath" }, buildMarker, teardown };
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
    throw new Error(`${what} failed (exit ${result.status ?? result.signal}):\n${output}${inheritStderr ? "\n(its stderr is above)" : ""}`);
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
