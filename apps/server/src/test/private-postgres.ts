import { execFile } from "node:child_process";
import { chown, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port.js";

const run = promisify(execFile);

export type PrivatePostgres = {
  /** postgres:// URL of the cluster's `postgres` database; stays the same over stop() and start(). */
  url: string;
  /** A fast shutdown, as a restart begins: open connections are ended, new ones refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Suspends the postmaster (SIGSTOP): connections are accepted by the kernel and never answered, as on a hung host. */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own (initdb takes about a second), so a test can restart the server under
 * an app without disturbing the server other suites share. initdb and postgres refuse to run as root; as root
 * (CI) they run as the `postgres` user that the PostgreSQL package creates.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const { stdout } = await run("pg_config", ["--bindir"]);
  const bin = (name: string) => path.join(stdout.trim(), name);
  const dir = await mkdtemp(path.join(tmpdir(), "lootlane-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    await chown(dir, Number(uid.stdout), Number(gid.stdout));
  }
  const runAsOwner = (command: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);

  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const postmasterPid = async () =>
    Number((await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0]);
  const start = async () =>
    void (await runAsOwner(bin("pg_ctl"), [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "server.log"),
      "-o",
      serverOptions,
      "-w",
      "start",
    ]));
  const stop = async () => void (await runAsOwner(bin("pg_ctl"), ["-D", dataDir, "-m", "fast", "-w", "stop"]));
  const thaw = async () => void process.kill(await postmasterPid(), "SIGCONT");

  try {
    await runAsOwner(bin("initdb"), [
      "-D",
      dataDir,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    freeze: async () => void process.kill(await postmasterPid(), "SIGSTOP"),
    thaw,
    close: async () => {
      try {
        await thaw().catch(() => undefined);
        await stop().catch(() => undefined);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
