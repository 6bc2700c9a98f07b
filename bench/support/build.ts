import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sourcesMtime } from "@/scripts/build-stamp";
import { BenchFailure, tail } from "./common";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/**
 * Under node_modules so git, `eslint .` and tsc leave it alone (a `.next-bench` folder would not
 * be), and apart from the `.next` that `npm start` serves.
 */
// BENCH_DIST_DIR: a session working beside another builds (or reuses a build) elsewhere.
export const DIST_DIR = process.env.BENCH_DIST_DIR ?? "node_modules/.cache/aftermath-bench/next";
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

/**
 * `next build` into an emptied DIST_DIR with the given environment, timed. With `reuse`, an existing build is
 * kept (and called stale when the sources changed since). Returns null when it reused one.
 */
export function nextBuild({ logFile, env, reuse }: { logFile: string; env: Record<string, string>; reuse: boolean }): { ms: number } | null {
  const distPath = path.join(ROOT, DIST_DIR);
  if (reuse && fs.existsSync(path.join(distPath, "BUILD_ID"))) {
    const stamp = readStamp(distPath);
    const stale = stamp === null || stamp < sourcesMtime();
    console.log(`  BENCH_REUSE_BUILD=1: reusing ${DIST_DIR}${stale ? " (WARNING: sources changed since it was built)" : ""}`);
    return null;
  }
  const builtFrom = sourcesMtime();
  // From nothing, without Next's build cache: two builds are then timed alike.
  fs.rmSync(distPath, { recursive: true, force: true });
  const started = performance.now();
  const result = keepingTypeScriptFiles(() =>
    spawnSync(process.execPath, [NEXT_BIN, "build"], {
      cwd: ROOT,
      env: { ...process.env, ...env, NODE_ENV: "production", NODE_OPTIONS: "", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: DIST_DIR },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  const ms = performance.now() - started;
  fs.writeFileSync(logFile, `${result.stdout ?? ""}${result.stderr ?? ""}`);
  if (result.error || result.status !== 0) {
    throw new BenchFailure(`next build failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}):\n${tail(logFile, 40)}`);
  }
  fs.writeFileSync(path.join(distPath, "aftermath-bench-build.json"), JSON.stringify({ builtFrom }) + "\n");
  return { ms };
}

function readStamp(distPath: string): number | null {
  try {
    const { builtFrom } = JSON.parse(fs.readFileSync(path.join(distPath, "aftermath-bench-build.json"), "utf8")) as { builtFrom?: unknown };
    return typeof builtFrom === "number" ? builtFrom : null;
  } catch {
    return null;
  }
}

/**
 * `next build` adds its type globs for a new distDir to tsconfig.json and points next-env.d.ts at
 * that distDir. Both are put back; tsconfig.json only when those globs are the sole change (anything
 * else is someone's edit, left alone with a warning).
 */
function keepingTypeScriptFiles<T>(fn: () => T): T {
  const tsconfigFile = path.join(ROOT, "tsconfig.json");
  const nextEnvFile = path.join(ROOT, "next-env.d.ts");
  const tsconfig = fs.readFileSync(tsconfigFile, "utf8");
  const nextEnv = fs.existsSync(nextEnvFile) ? fs.readFileSync(nextEnvFile, "utf8") : null;
  try {
    return fn();
  } finally {
    const nowTsconfig = fs.readFileSync(tsconfigFile, "utf8");
    if (nowTsconfig !== tsconfig) {
      if (onlyDistDirIncludesAdded(tsconfig, nowTsconfig)) fs.writeFileSync(tsconfigFile, tsconfig);
      else console.warn("  WARNING: tsconfig.json changed during the build beyond next build's type globs; left as it is");
    }
    const nowNextEnv = fs.existsSync(nextEnvFile) ? fs.readFileSync(nextEnvFile, "utf8") : null;
    if (nowNextEnv !== nextEnv && nowNextEnv?.includes(DIST_DIR)) {
      if (nextEnv === null) fs.rmSync(nextEnvFile);
      else fs.writeFileSync(nextEnvFile, nextEnv);
    }
  }
}

function onlyDistDirIncludesAdded(before: string, after: string): boolean {
  try {
    const a = JSON.parse(before) as { include?: unknown };
    const b = JSON.parse(after) as { include?: unknown };
    if (!Array.isArray(b.include)) return false;
    b.include = b.include.filter((entry) => !(typeof entry === "string" && entry.startsWith(`${DIST_DIR}/`)));
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
