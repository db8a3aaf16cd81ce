// `npm start`: build whatever is missing or older than its sources, then run the server in this process's place.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Supported: Node.js 24 LTS (what CI runs) and 22.12 or later, as package.json's engines say. Node.js 20 reached
// its end of life in April 2026 and some dependencies declare node >= 22; it still runs the app, with a warning.
// Anything older cannot run the build (Vite needs 20.19) and stops here with a message instead of a stack trace.
const [major, minor] = process.versions.node.split(".").map(Number);
const supported = (major === 22 && minor >= 12) || major >= 24;
if (!supported) {
  const runs = major === 20 && minor >= 19;
  const message = [
    `Lootlane supports Node.js 24 LTS and Node.js 22.12 or later; this is Node.js ${process.versions.node}.`,
    runs
      ? "Node.js 20 is past its end of life (April 2026) and not supported: starting anyway, but please upgrade."
      : "It cannot build or run the app. Install Node.js 24 LTS (https://nodejs.org) and run `npm install && npm start` again.",
  ].join("\n");
  if (!runs) {
    console.error(message);
    process.exit(1);
  }
  console.warn(message);
}

function newestMtime(dir, skip = new Set(["node_modules", "dist"])) {
  if (!existsSync(dir)) return 0;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full, skip) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

function run(args) {
  const result = spawnSync("npm", args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const serverEntry = path.join(root, "apps/server/dist/main.js");
if (isStale(serverEntry, ["packages/contract/src", "apps/server/src"])) {
  console.log("Building the server…");
  run(["run", "build", "-w", "@lootlane/contract"]);
  run(["run", "build", "-w", "@lootlane/server"]);
}
const webIndex = path.join(root, "apps/web/dist/index.html");
if (isStale(webIndex, ["packages/contract/src", "apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts"])) {
  console.log("Building the web app…");
  run(["run", "build", "-w", "@lootlane/web"]);
}

// Importing the entry runs the server in this very process, so signals reach its graceful shutdown directly.
process.chdir(root);
await import(pathToFileURL(serverEntry).href);
