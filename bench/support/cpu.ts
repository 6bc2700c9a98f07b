import fs from "node:fs";

/**
 * CPU time on Linux from /proc: the machine's busy time, the server's, the benchmark's own
 * PostgreSQL's (when it runs one) and this process's (the load generator). What is left over was
 * used by other processes during the run — on a shared machine (builds, tests) that is the noise in
 * the figures. Null where /proc is not there.
 */
export type CpuSnapshot = { at: number; machineBusy: number; server: number; database: number; self: number } | null;

/** Clock ticks per second for /proc (USER_HZ); 100 on every Linux that matters. */
const TICKS = 100;

/** The benchmark's own PostgreSQL server (its postmaster), whose processes are counted apart from "others". */
let databasePid: number | null = null;

/** From now on the CPU of this postmaster and its children counts as the database's, not other processes'. */
export function watchDatabase(postmasterPid: number | null): void {
  databasePid = postmasterPid;
}

/** A process's /proc/<pid>/stat fields after its command name (which may hold spaces): [0] is the state, [1] the parent. */
function statFields(pid: number | string): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/**
 * The postmaster's time with its reaped children's (a backend that ended counts there), plus each
 * live child's: every process of the cluster, in seconds.
 */
function databaseSeconds(postmaster: number): number {
  const own = statFields(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return ticks / TICKS;
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    const machineBusy = ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / TICKS;
    let server = 0;
    if (serverPid !== undefined) {
      // utime is the 14th field, stime the 15th.
      const fields = statFields(serverPid);
      server = (Number(fields[11]) + Number(fields[12])) / TICKS;
    }
    const database = databasePid === null ? 0 : databaseSeconds(databasePid);
    const usage = process.cpuUsage();
    return { at: performance.now() / 1000, machineBusy, server, database, self: (usage.user + usage.system) / 1e6 };
  } catch {
    return null;
  }
}

export type CpuShares = {
  /** Cores' worth of CPU (1 = one core fully busy) over the interval. */
  server: number;
  /** The benchmark's PostgreSQL, when there is one (null on SQLite, which runs inside the server). */
  database: number | null;
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
  const database = databasePid === null ? null : (after.database - before.database) / wall;
  return { server, database, loadGenerator, others: Math.max(0, machine - server - (database ?? 0) - loadGenerator) };
}
