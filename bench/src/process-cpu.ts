import { readFile, readdir } from "node:fs/promises";

/** Linux counts a process's CPU time in clock ticks, 100 a second on every kernel the bench runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** The CPU seconds (user and system) a process has used so far, or undefined once it has ended. */
async function cpuSecondsOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // The command name, in parentheses, may hold spaces: the fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The pids of every process whose command name (comm) is `name`: all of PostgreSQL's, say. */
export async function pidsNamed(name: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, "utf8").catch(() => "");
    if (comm.trim() === name) pids.push(Number(entry));
  }
  return pids;
}

/** The CPU seconds a set of processes uses from now until `stop` is called. */
export async function cpuMeter(pids: () => Promise<number[]>): Promise<{ stop(): Promise<number> }> {
  const before = new Map<number, number>();
  for (const pid of await pids()) {
    const seconds = await cpuSecondsOf(pid);
    if (seconds !== undefined) before.set(pid, seconds);
  }
  return {
    async stop() {
      let used = 0;
      for (const pid of await pids()) {
        // A process that ends between the listing and its reading (an autovacuum worker) used an unknown share of
        // the window: left out, rather than counted as minus everything it had used, which made rows negative.
        const seconds = await cpuSecondsOf(pid);
        // A process started meanwhile (a new database connection) counts from 0.
        if (seconds !== undefined) used += seconds - (before.get(pid) ?? 0);
      }
      return used;
    },
  };
}
