import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Builds what the chaos tests start (the server, which serves the web app) unless E2E_SKIP_BUILD says it is built. */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD) return;
  // Vitest sets NODE_ENV=test; the server and the web app must be built as they ship.
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("npm run build failed before the chaos tests");
}
