import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { prepareDatabase } from "@/db/prepare";
import { readEnv } from "@/db/env";

// `npm start`: database, then a build if there is none, then the production server.
const env = readEnv();
const { file, seeded } = prepareDatabase({ env });
console.log(`database ${file} ready${seeded.some((s) => s.loaded) ? " (seed loaded)" : ""}`);

const nextBin = path.resolve("node_modules/next/dist/bin/next");
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATABASE_PATH: file };

if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) {
  console.log("no build found: running next build (a minute or two, once)");
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: childEnv });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [nextBin, "start", "--port", String(env.PORT)], {
  stdio: "inherit",
  env: childEnv,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
