import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type LedgerCheckResult = { intact: boolean; output: string };

/**
 * Runs `npm run ledger:check` (apps/server/src/check-ledger.ts) against the bench's database: DATABASE_URL, or
 * the embedded PGlite in `dataDir`, which only one process may open, so the server must be stopped first. It is
 * a separate process because the check is the operators' tool, and importing the server's database code would
 * type-check its Fastify augmentations into the bench.
 */
export async function checkLedger(database: { databaseUrl: string } | { dataDir: string }): Promise<LedgerCheckResult> {
  const child = spawn("npm", ["run", "--silent", "ledger:check"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...("databaseUrl" in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { intact: code === 0, output: output.trim() };
}
