import { defineConfig } from "vitest/config";

/**
 * `npm run test:chaos`: the built server killed and stopped under load (e2e/chaos). Apart from `vitest run`
 * because it needs no browser, only the build, and runs one server at a time for all of the machine.
 */
export default defineConfig({
  // The tests read the stopped server's database with the server's own modules, from their sources.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "chaos",
    root: "e2e",
    include: ["chaos/**/*.chaos.ts"],
    // The servers' logs are checked for the secrets the load used, as after `vitest run`.
    globalSetup: ["chaos/global-setup.ts", "../apps/server/src/test/log-secrets-global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
