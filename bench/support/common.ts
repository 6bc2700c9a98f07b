import fs from "node:fs";
import os from "node:os";

/** Something broke (a build, a server, a wrong answer): the benchmark exits 1. Slow figures never do. */
export class BenchFailure extends Error {}

export function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, not "${raw}"`);
  return value;
}

/** Named, timed steps; `phasesLine()` prints how long each took at the end of a run. */
export function phases() {
  const done: Array<[string, number]> = [];
  return {
    async run<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
      const started = performance.now();
      console.log(`\n» ${name}`);
      try {
        return await fn();
      } finally {
        done.push([name, performance.now() - started]);
      }
    },
    line: () => `phases: ${done.map(([name, ms]) => `${name.split(":")[0]} ${seconds(ms)}`).join(", ")}`,
  };
}

export function printMachine(title: string): void {
  const cpu = /model name\s*:\s*(.+)/.exec(readOr("/proc/cpuinfo"))?.[1] ?? os.cpus()[0]?.model ?? "unknown";
  console.log(`${title}, ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.availableParallelism()} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(", ")} (other work on the machine shows in the "others" CPU column)`);
}

export function readOr(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

export function tail(file: string, lines: number): string {
  return readOr(file).split("\n").slice(-lines).join("\n");
}

export function failureText(error: unknown): string {
  return error instanceof BenchFailure ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export const fmt = (n: number) => Math.round(n).toLocaleString("en");
export const rate = (rows: number, ms: number) => fmt(rows / (ms / 1000));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
export const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
export const coresText = (value: number | null) => (value === null ? "n/a" : `${value.toFixed(2)} cores`);
export const msText = (value: number) =>
  value >= 100 ? `${fmt(value)} ms` : value >= 1 ? `${value.toFixed(1)} ms` : `${(value * 1000).toFixed(1)} µs`;
