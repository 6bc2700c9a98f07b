import fs from "node:fs";
import path from "node:path";

// A build is stale when a source file changed after it. It holds no data: pages are rendered from
// the database when asked, so one build serves any database.
// Every folder the app's pages import from; scripts/ is not one (run.mjs compiles the server apart).
const SOURCE_DIRS = ["app", "components", "config", "db", "domain", "http", "i18n", "lib", "lookup", "notify", "publish", "seed", "view", "public"];
const SOURCE_FILES = ["next.config.ts", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];
const STAMP = "aftermath-build.json";

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

export function sourcesMtime(): number {
  return Math.max(...[...SOURCE_DIRS, ...SOURCE_FILES].map(newestMtime));
}

export function buildIsCurrent(distDir: string): boolean {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(distDir, STAMP), "utf8")) as unknown;
    const builtFrom = typeof stamp === "object" && stamp !== null && "builtFrom" in stamp ? stamp.builtFrom : undefined;
    return fs.existsSync(path.join(distDir, "BUILD_ID")) && builtFrom === sourcesMtime();
  } catch {
    return false;
  }
}

export function writeBuildStamp(distDir: string, builtFrom: number): void {
  fs.writeFileSync(path.join(distDir, STAMP), JSON.stringify({ builtFrom }) + "\n");
}
