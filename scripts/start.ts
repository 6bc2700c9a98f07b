import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { prepareTarget } from "@/db/prepare";
import { readEnv } from "@/config/env";
import { serverCommand } from "./server-command";
import { buildIsCurrent, sourcesMtime, writeBuildStamp } from "./build-stamp";

// `npm start`: database, then a build if there is none or it is stale, then the production server.
const env = readEnv();
const { shown, seeded } = await prepareTarget({ env });
console.log(`database ${shown} ready${seeded.some((s) => s.loaded) ? " (seed loaded)" : ""}`);

const nextBin = path.resolve("node_modules/next/dist/bin/next");
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
// The server gets the database as resolved (a relative SQLite path made absolute).
const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: env.DATABASE_URL.engine === "sqlite" ? env.DATABASE_URL.file : env.DATABASE_URL.url };

if (!buildIsCurrent(distDir)) {
  console.log("no current build: running next build (a minute or two)");
  const builtFrom = sourcesMtime();
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: childEnv });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeBuildStamp(distDir, builtFrom);
}

const server = spawn(process.execPath, serverCommand(), {
  stdio: "inherit",
  env: { ...childEnv, PORT: String(env.PORT) },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
