import autocannon from "autocannon";
import { fmt } from "./common";
import { type CpuShares, cpuBetween, cpuSnapshot } from "./cpu";
import type { Server } from "./servers";

/** autocannon's timeout: a request without an answer by then counts as an error. */
export const TIMEOUT_SECONDS = 10;
/** CPU (in cores) other processes may use during a run before the printout calls the figures noisy. */
export const NOISY_CORES = 0.25;

/** `workers`: autocannon's worker threads (GET only: a POST's body callback cannot cross into a worker). */
export type LoadShape = { connections: number; warmupSeconds: number; seconds: number; workers?: number };

/** What each request sends: a GET with headers, or a POST cycling over the bodies. */
export type RequestShape = { method: "GET"; headers: Record<string, string> } | { method: "POST"; bodies: string[] };

export type Measured = {
  target: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Responses received (any status). */
  total: number;
  ok: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Bytes of the answers per second, as they came over the wire. */
  bytesPerSec: number;
  /** CPU used during the measured run, in cores: the server, the load generator, everything else. */
  cpu: CpuShares | null;
};

/** One autocannon run against `url`. */
export function load(url: string, request: RequestShape, connections: number, seconds: number, workers = 1): Promise<autocannon.Result> {
  let next = 0;
  const requests: autocannon.Request[] =
    request.method === "GET"
      ? [{ method: "GET", headers: request.headers }]
      : [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            setupRequest: (r) => ({ ...r, body: request.bodies[next++ % request.bodies.length] }),
          },
        ];
  const threads = request.method === "GET" && workers > 1 ? { workers } : {};
  return autocannon({ url, connections, duration: seconds, timeout: TIMEOUT_SECONDS, requests, ...threads });
}

/** Warm-up (its failures count), then the measured run with the CPU each side used. */
export async function measure(target: string, server: Server, urlPath: string, request: RequestShape, shape: LoadShape): Promise<Measured> {
  const url = server.baseURL + urlPath;
  const warm = await load(url, request, shape.connections, shape.warmupSeconds, shape.workers);
  const before = cpuSnapshot(server.child.pid);
  const result = await load(url, request, shape.connections, shape.seconds, shape.workers);
  const cpu = cpuBetween(before, cpuSnapshot(server.child.pid));
  const measured: Measured = {
    target,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    ok: result["2xx"],
    errors: result.errors + warm.errors,
    timeouts: result.timeouts + warm.timeouts,
    non2xx: result.non2xx + warm.non2xx,
    bytesPerSec: result.throughput.average,
    cpu,
  };
  console.log(
    `  ${target}: ${fmt(measured.reqPerSec)} req/s, p50 ${latency(measured, "p50")}, p99 ${latency(measured, "p99")}, ` +
      `${measured.total.toLocaleString("en")} answers, errors ${measured.errors} (timeouts ${measured.timeouts}), non-2xx ${measured.non2xx}; ` +
      `CPU ${cpuText(cpu)}`,
  );
  return measured;
}

/** Runs of one target taken as one: mean throughput and CPU, the worst p50 and p99, counts summed. */
export function pooled(target: string, runs: Measured[]): Measured {
  const mean = (f: (r: Measured) => number) => runs.reduce((sum, r) => sum + f(r), 0) / runs.length;
  const sum = (f: (r: Measured) => number) => runs.reduce((total, r) => total + f(r), 0);
  const cpus = runs.map((r) => r.cpu).filter((c): c is CpuShares => c !== null);
  const cpuMean = (f: (c: CpuShares) => number) => cpus.reduce((total, c) => total + f(c), 0) / cpus.length;
  return {
    target,
    reqPerSec: mean((r) => r.reqPerSec),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    total: sum((r) => r.total),
    ok: sum((r) => r.ok),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    bytesPerSec: mean((r) => r.bytesPerSec),
    cpu: cpus.length === runs.length ? { server: cpuMean((c) => c.server), database: cpus.some((c) => c.database === null) ? null : cpuMean((c) => c.database ?? 0), loadGenerator: cpuMean((c) => c.loadGenerator), others: cpuMean((c) => c.others) } : null,
  };
}

/** Load runs that broke something: errors (timeouts included) or non-2xx answers. */
export function brokenText(runs: Array<Measured | null>): string | null {
  const broken = runs.filter((r): r is Measured => r !== null && (r.errors > 0 || r.non2xx > 0));
  if (broken.length === 0) return null;
  return broken
    .map((r) => `${r.target} had ${r.errors} errors (${r.timeouts} timeouts: no answer within ${TIMEOUT_SECONDS} s) and ${r.non2xx} non-2xx answers`)
    .join("; ");
}

/** Requests per CPU-second the server spent: throughput with other processes' share taken out. */
export function perCpu(r: Measured): number | null {
  return r.cpu && r.cpu.server > 0.05 ? r.reqPerSec / r.cpu.server : null;
}

/** A latency percentile in ms, or "—" when no 2xx answer came back to measure. */
export function latency(r: Measured, which: "p50" | "p99", unit = true): string {
  if (r.ok === 0) return "—";
  return `${r[which]}${unit ? " ms" : ""}`;
}

function cpuText(cpu: CpuShares | null): string {
  return cpu
    ? `server ${cpu.server.toFixed(2)}, ${cpu.database === null ? "" : `database ${cpu.database.toFixed(2)}, `}load generator ${cpu.loadGenerator.toFixed(2)}, other processes ${cpu.others.toFixed(2)} cores`
    : "n/a";
}

/** The results table: one row per target. */
export function printTable(rows: Measured[]): void {
  // PostgreSQL's share apart: it serves the app and the floor alike, and is no other work on the machine.
  const withDatabase = rows.some((r) => r.cpu?.database != null);
  const shares = (c: CpuShares) => [c.server, ...(withDatabase ? [c.database ?? 0] : []), c.loadGenerator, c.others].map((x) => x.toFixed(2)).join(" / ");
  const header = ["target", "req/s", "p50 ms", "p99 ms", "errors / non-2xx", `CPU, cores: server / ${withDatabase ? "database / " : ""}load gen. / others`, "req per server CPU-s"];
  const cells = rows.map((r) => [
    r.target,
    fmt(r.reqPerSec),
    latency(r, "p50", false),
    latency(r, "p99", false),
    `${r.errors} / ${r.non2xx}`,
    r.cpu ? shares(r.cpu) : "n/a",
    perCpu(r) === null ? "n/a" : fmt(perCpu(r) ?? 0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
  const line = (c: string[]) => "  " + c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join("  ");
  console.log(line(header));
  for (const c of cells) console.log(line(c));
  const busy = rows.filter((r) => (r.cpu?.others ?? 0) > NOISY_CORES);
  if (busy.length > 0) {
    console.log(
      `\nWARNING: other processes used more than ${NOISY_CORES} cores during ${busy.map((r) => r.target).join(", ")}: ` +
        "those figures are low and the ratios between targets unreliable; run again on a quiet machine.",
    );
  }
}
