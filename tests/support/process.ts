import type { ChildProcess } from "node:child_process";
import net from "node:net";

// Shared by the test harness and the benchmarks: both start servers as child processes of their own.

/** SIGTERM (or `signal`) to the child's own PID, SIGKILL after `graceMs`; resolves when it has exited. */
export async function stopChild(child: ChildProcess, graceMs = 5_000, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(child.pid, signal);
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(child.pid, "SIGKILL");
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/** A port nothing listens on right now, on the loopback address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      if (address === null || typeof address === "string") {
        probe.close();
        reject(new Error("could not find a free port"));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}
