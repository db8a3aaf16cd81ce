import { readFile, readdir } from "node:fs/promises";

/**
 * The pids of the started servers: startServer (e2e/support/server.ts) spawns `apps/server/dist/main.js` as a child
 * of this process and does not hand out the pid, so they are found in /proc by parent and command line.
 */
export async function serverPids(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [status, cmdline] = await Promise.all([
        readFile(`/proc/${entry}/status`, "utf8"),
        readFile(`/proc/${entry}/cmdline`, "utf8"),
      ]);
      const parent = /^PPid:\s+(\d+)/m.exec(status)?.[1];
      if (Number(parent) === process.pid && cmdline.includes("apps/server/dist/main.js")) pids.push(Number(entry));
    } catch {
      // The process ended while the directory was read.
    }
  }
  return pids;
}

/** The pid of the one started server. */
export async function serverPid(): Promise<number> {
  const [pid] = await serverPids();
  if (pid === undefined)
    throw new Error("no child process running apps/server/dist/main.js: is the server started by this process?");
  return pid;
}

/** Resident memory of a process in bytes (VmRSS), the memory its connections really cost the machine. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kib) throw new Error(`/proc/${pid}/status has no VmRSS`);
  return Number(kib) * 1024;
}
