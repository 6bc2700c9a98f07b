/**
 * V8's young generation at 32 MiB a half (16 by default): a request's garbage dies young, and with
 * Next's heap beside it the default's frequent scavenges cost the lookup about a tenth (BENCHMARKS.md).
 */
const RUNTIME = ["--max-semi-space-size=32"];

/** Node's arguments for `scripts/<script>.ts`, compiled (scripts/run.mjs), as its npm script runs it from the project's folder. */
export function commandArgs(script: string): string[] {
  return ["scripts/run.mjs", `scripts/${script}.ts`];
}

/**
 * Node's arguments for the production server, scripts/server.ts compiled (scripts/run.mjs), as
 * `npm start`, the tests and the benchmarks run it from the project's folder; `nodeFlags` are Node's own.
 */
export function serverCommand(nodeFlags: string[] = []): string[] {
  return [...RUNTIME, ...nodeFlags, ...commandArgs("server")];
}
