import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumPath, skipReason } from "./chromium.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Builds the server and the web app once for every journey; without a browser, skips loudly (fails under CI). */
export default function setup(): void {
  if (!chromiumPath) {
    if (process.env.CI) throw new Error(`CI requires the browser journeys, but ${skipReason}`);
    console.warn(`\n[e2e] ${skipReason}\n`);
    return;
  }
  if (process.env.E2E_SKIP_BUILD) return;
  // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build: the journeys must run
  // the production bundle users get.
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("npm run build failed before the browser journeys");
}
