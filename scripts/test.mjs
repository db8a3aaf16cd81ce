// `npm test`: lint, the type check, `vitest run` and the chaos run, in that order. The production build the journeys
// and the chaos run start runs beside lint, which reads only sources: lint and the build each keep one of a 2-CPU
// machine busy. Stops at the first stage that fails, with its exit code, and prints how long each stage took at
// the end either way.
import { spawn, spawnSync } from "node:child_process";
import { constants } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Each stage is an npm script of package.json, run with this environment plus `env`. */
const stages = [
  { name: "lint", script: "lint" },
  // The type check reads the contract's declarations, which the build writes: it starts once the build is done.
  { name: "typecheck", script: "typecheck", afterBuild: true },
  { name: "vitest", script: "test:vitest", env: { E2E_SKIP_BUILD: "1" } },
  { name: "chaos", script: "test:chaos", env: { E2E_SKIP_BUILD: "1" } },
];

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const timings = [];
let exitCode = 0;
const started = performance.now();

// Vitest sets NODE_ENV=test, and Vite would then bundle React's development build: the journeys must run the
// production bundle users get.
const build = new Promise((resolve) => {
  const child = spawn(npm, ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  child.on("error", (error) => {
    console.error(`npm test: could not run build: ${error.message}`);
    resolve({ name: "build", seconds: (performance.now() - started) / 1000, status: 1 });
  });
  child.on("exit", (code, signal) =>
    resolve({
      name: "build",
      seconds: (performance.now() - started) / 1000,
      status: code ?? 128 + (constants.signals[signal] ?? 0),
    }),
  );
});

for (const stage of stages) {
  if (stage.afterBuild) {
    const built = await build;
    timings.push(built);
    if (built.status !== 0) {
      exitCode = built.status;
      break;
    }
  }
  const start = performance.now();
  const result = spawnSync(npm, ["run", stage.script], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...stage.env },
  });
  // A stage ended by a signal exits as a shell reports it: 128 + the signal's number.
  const status = result.status ?? 128 + (constants.signals[result.signal] ?? 0);
  timings.push({ name: stage.name, seconds: (performance.now() - start) / 1000, status });
  if (result.error) console.error(`npm test: could not run ${stage.name}: ${result.error.message}`);
  if (status !== 0) {
    exitCode = status;
    break;
  }
}
// A stage that failed before the type check leaves the build running: it ends before the table, so no process
// outlives npm test.
if (!timings.some((timing) => timing.name === "build")) timings.splice(1, 0, await build);
const ran = new Set(timings.map((timing) => timing.name));
const skipped = stages.map((stage) => stage.name).filter((name) => !ran.has(name));

// Rounded to tenths first, so 719.97 s reads 12:00.0 and never 11:60.0.
const format = (seconds) => {
  const tenths = Math.round(seconds * 10);
  return `${Math.floor(tenths / 600)}:${((tenths % 600) / 10).toFixed(1).padStart(4, "0")}`;
};
const rows = [
  ...timings.map(({ name, seconds, status }) => [
    name,
    format(seconds),
    status === 0 ? "passed" : `failed (${status})`,
  ]),
  ...skipped.map((name) => [name, "-", "not run"]),
  ["total", format((performance.now() - started) / 1000), exitCode === 0 ? "passed" : "failed"],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\nnpm test on Node.js ${process.versions.node}, stage times (m:ss):`);
for (const [name, time, outcome] of rows) console.log(`  ${name.padEnd(width)}  ${time.padStart(7)}  ${outcome}`);
process.exit(exitCode);
