import fs from "node:fs";

/**
 * CPU time on Linux from /proc: the machine's busy time, the server's, and this process's (the load
 * generator). What is left over was used by other processes during the run — on a shared machine
 * (builds, tests) that is the noise in the figures. Null where /proc is not there.
 */
export type CpuSnapshot = { at: number; machineBusy: number; server: number; self: number } | null;

/** Clock ticks per second for /proc (USER_HZ); 100 on every Linux that matters. */
const TICKS = 100;

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    const machineBusy = ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / TICKS;
    let server = 0;
    if (serverPid !== undefined) {
      // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
      const stat = fs.readFileSync(`/proc/${serverPid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      server = (Number(fields[11]) + Number(fields[12])) / TICKS;
    }
    const usage = process.cpuUsage();
    return { at: performance.now() / 1000, machineBusy, server, self: (usage.user + usage.system) / 1e6 };
  } catch {
    return null;
  }
}

export type CpuShares = {
  /** Cores' worth of CPU (1 = one core fully busy) over the interval. */
  server: number;
  loadGenerator: number;
  others: number;
};

export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuShares | null {
  if (!before || !after) return null;
  const wall = after.at - before.at;
  if (wall <= 0) return null;
  const server = (after.server - before.server) / wall;
  const loadGenerator = (after.self - before.self) / wall;
  const machine = (after.machineBusy - before.machineBusy) / wall;
  return { server, loadGenerator, others: Math.max(0, machine - server - loadGenerator) };
}
