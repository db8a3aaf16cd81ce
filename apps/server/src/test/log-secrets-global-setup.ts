import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describeLeaks, findLeakedSecrets } from "./log-secrets-check.js";
import { TEST_RUN_DIR_VARIABLE } from "./test-run-dir.js";

/**
 * Vitest global setup of every project that runs servers (issue 9, "No secrets in logs"). The first project to
 * start creates the run directory and hands it to every test process through the environment; its teardown runs
 * once all projects' tests have finished (Vitest tears global setups down at the very end), reads every captured
 * log and every recorded secret, and fails the run if any secret was logged. The other projects join that run.
 * A run directory given in LOOTLANE_TEST_RUN_DIR is used and kept (e.g. for CI to keep the logs); a temporary
 * one is removed when the check passes and kept for inspection when it fails.
 */
export default function setup(): (() => void) | undefined {
  const owner = globalThis as { lootlaneLogCheck?: true };
  if (owner.lootlaneLogCheck) return undefined;
  owner.lootlaneLogCheck = true;

  const given = process.env[TEST_RUN_DIR_VARIABLE];
  const runDir = given || mkdtempSync(path.join(tmpdir(), "lootlane-test-run-"));
  mkdirSync(runDir, { recursive: true });
  process.env[TEST_RUN_DIR_VARIABLE] = runDir;

  return () => {
    const leaks = findLeakedSecrets(runDir);
    if (leaks.length > 0) {
      // Vitest only prints a teardown error; the exit code is what makes the run fail.
      process.exitCode = 1;
      throw new Error(`Secrets used by the tests appear in the server logs of ${runDir}:\n${describeLeaks(leaks)}`);
    }
    if (!given) rmSync(runDir, { recursive: true, force: true });
  };
}
