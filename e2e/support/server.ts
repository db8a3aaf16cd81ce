import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const adminCredentials = { email: "admin@e2e.test", password: "Admin!2345e2e" };

export type StartedServer = {
  baseUrl: string;
  dataDir: string;
  logs: () => string;
  /** SIGTERM, wait for the exit, then delete the data directory unless asked to keep it for a restart. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
};

export type StartOptions = { env?: Record<string, string>; dataDir?: string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Starts the real built server (`apps/server/dist/main.js`) on a fresh (or given) data directory and a random port. */
export async function startServer({ env = {}, dataDir: givenDataDir }: StartOptions = {}): Promise<StartedServer> {
  const dataDir = givenDataDir ?? (await mkdtemp(path.join(tmpdir(), "lootlane-e2e-")));
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: adminCredentials.email,
      ADMIN_PASSWORD: adminCredentials.password,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/v1/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy in 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

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
  };
}
