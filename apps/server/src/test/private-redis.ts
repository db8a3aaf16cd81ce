import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port.js";

export type PrivateRedis = {
  /** REDIS_URL of this server; stays the same over stop() and start(). */
  url: string;
  /** Ends the server with the signal (SIGKILL: a crash, SIGTERM: a shutdown) and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port, empty (nothing is persisted), as a restarted cache server comes back. */
  start(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real redis-server of the test's own on a free port, so a test can take Redis away from the app without
 * touching the Redis other suites share. Nothing is saved to disk.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;

  const start = async () => {
    const child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    server = child;
    await new Promise<void>((resolve, reject) => {
      let output = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) resolve();
      });
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  };
  const stop = async (signal: NodeJS.Signals = "SIGKILL") => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  };

  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start, close: () => stop() };
}
