import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * V8's young generation at 32 MiB a half (16 by default): a request's garbage dies young, and with
 * Next's heap beside it the default's frequent scavenges cost the lookup about a tenth (BENCHMARKS.md).
 */
const RUNTIME = ["--max-semi-space-size=32"];

/** Node's arguments for the production server, scripts/server.ts, as `npm start`, the tests and the benchmarks run it; `nodeFlags` are Node's own. */
export function serverCommand(nodeFlags: string[] = []): string[] {
  return [...RUNTIME, ...nodeFlags, "--import", pathToFileURL(path.join(ROOT, "scripts/register.mjs")).href, path.join(ROOT, "scripts/server.ts")];
}
