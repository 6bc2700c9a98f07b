import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Node's arguments for the production server, scripts/server.ts, as `npm start`, the tests and the benchmarks run it; `nodeFlags` are Node's own. */
export function serverCommand(nodeFlags: string[] = []): string[] {
  return [...nodeFlags, "--import", pathToFileURL(path.join(ROOT, "scripts/register.mjs")).href, path.join(ROOT, "scripts/server.ts")];
}
