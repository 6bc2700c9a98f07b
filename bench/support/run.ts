import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { failureText } from "./common";
import type { ServerPool } from "./servers";

/**
 * Runs a benchmark in a temp dir of its own: whatever ends it (its result, an error, Ctrl-C), its
 * servers are stopped, then `databases` (a PostgreSQL server the servers used), and the dir removed,
 * or kept with BENCH_KEEP=1. Exits with main's code, 1 on an error.
 */
export function runBench(name: string, servers: ServerPool, main: (tmp: string) => Promise<number>, databases?: { stopAll(): Promise<void> }): void {
  const keep = process.env.BENCH_KEEP === "1";
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `aftermath-${name.replace(/\W+/g, "-")}-`));
  const cleanUp = async () => {
    await servers.stopAll();
    await databases?.stopAll().catch((error: unknown) => console.error(`could not stop the benchmark's PostgreSQL: ${failureText(error)}`));
    if (keep) console.log(`\nkept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  main(tmp).then(
    async (code) => {
      await cleanUp();
      process.exit(code);
    },
    async (error: unknown) => {
      console.error(`\n${name} failed: ${failureText(error)}`);
      await cleanUp();
      process.exit(1);
    },
  );
}
