/**
 * The directory one test run shares across its processes: captured server logs under logs/, the secrets the
 * tests used under secrets/. The global setup (log-secrets-global-setup.ts) creates it and passes it to every
 * test process in this variable; outside such a run there is none, and nothing is captured.
 */
export const TEST_RUN_DIR_VARIABLE = "LOOTLANE_TEST_RUN_DIR";

export function testRunDir(): string | undefined {
  return process.env[TEST_RUN_DIR_VARIABLE] || undefined;
}
