import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@lootlane/server/test/free-port";
import { appendToLog, newLogFile, TEST_LOG_LEVEL } from "@lootlane/server/test/log-capture";
import { recordSecret } from "@lootlane/server/test/secret-recorder";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const adminCredentials = { email: "admin@e2e.test", password: "Admin!2345e2e" };

export type StartedServer = {
  baseUrl: string;
  dataDir: string;
  logs: () => string;
  /** SIGTERM, wait for the exit, then delete the data directory unless asked to keep it for a restart. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  /** Sends `signal` and answers how the process ended; the data directory stays for a restart. */
  kill: (signal: NodeJS.Signals) => Promise<ServerExit>;
};

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

export type StartOptions = { env?: Record<string, string>; dataDir?: string };

/** Starts the real built server (`apps/server/dist/main.js`) on a fresh (or given) data directory and a random port. */
export async function startServer({ env = {}, dataDir: givenDataDir }: StartOptions = {}): Promise<StartedServer> {
  const dataDir = givenDataDir ?? (await mkdtemp(path.join(tmpdir(), "lootlane-e2e-")));
  const port = await freePort();
  let output = "";
  const serverEnv = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: adminCredentials.email,
    ADMIN_PASSWORD: adminCredentials.password,
    LOG_LEVEL: TEST_LOG_LEVEL,
    ...env,
  };
  for (const [name, value] of Object.entries(serverEnv))
    if (/PASSWORD|SECRET|_KEY$/.test(name)) recordSecret(name, value);
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    cwd: root,
    env: serverEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Everything the server writes also goes to the test run's logs, checked for secrets after the run (log-capture.ts).
  for (const [stream, name] of [
    [child.stdout, "stdout"],
    [child.stderr, "stderr"],
  ] as const) {
    const logFile = newLogFile(`e2e-server-${port}-${name}`);
    stream?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (logFile) appendToLog(logFile, chunk.toString());
    });
  }
  const exited = new Promise<ServerExit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  // Ready when the server says it is running (main.ts prints it once it listens, at any LOG_LEVEL), or failed when
  // it exits first: awaited as events, not polled; the health check then confirms it answers.
  const baseUrl = `http://127.0.0.1:${port}`;
  const running = new Promise<void>((resolve) => {
    const listener = () => {
      if (!output.includes("Lootlane is running at")) return;
      child.stdout?.off("data", listener);
      resolve();
    };
    child.stdout?.on("data", listener);
  });
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    running.then(() => "running" as const),
    exited.then(() => "exited" as const),
    new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), 90_000))),
  ]).finally(() => clearTimeout(timer));
  if (outcome === "exited") throw new Error(`server exited with ${child.exitCode}:\n${output}`);
  if (outcome === "late") {
    child.kill("SIGKILL");
    throw new Error(`server did not say it was running in 90 s:\n${output}`);
  }
  const health = await fetch(`${baseUrl}/v1/health`);
  if (!health.ok) {
    child.kill("SIGKILL");
    throw new Error(`server is running but /v1/health answered ${health.status}:\n${output}`);
  }
  // Without JWT_SECRET and DATA_KEY the server made its own: secrets its logs must not show either.
  const generated = path.join(dataDir, "secrets.json");
  if (existsSync(generated))
    for (const [name, value] of Object.entries(JSON.parse(readFileSync(generated, "utf8")) as Record<string, string>))
      recordSecret(name, value);

  return {
    baseUrl,
    dataDir,
    logs: () => output,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
