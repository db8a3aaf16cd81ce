import { defineConfig, type TestProjectConfiguration } from "vitest/config";

const serverProject = (name: string, env: Record<string, string>): TestProjectConfiguration => ({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name,
    root: "apps/server",
    include: ["src/**/*.test.ts"],
    env,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Captures the servers' logs and fails the run if a secret the tests used appears in them.
    globalSetup: ["src/test/log-secrets-global-setup.ts"],
  },
});

// With TEST_DATABASE_URL the server suites run a second time against that PostgreSQL server.
const postgresUrl = process.env.TEST_DATABASE_URL;

// One runner for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on a 2-CPU CI machine. The suites mostly wait on
    // PostgreSQL, sockets and child servers, so two at a time nearly halve the run without starving either.
    maxWorkers: 2,
    projects: [
      {
        resolve: { conditions: ["source"] },
        test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] },
      },
      serverProject("server", { TEST_DB_DRIVER: "pglite" }),
      ...(postgresUrl
        ? [serverProject("server-postgres", { TEST_DB_DRIVER: "postgres", TEST_DATABASE_URL: postgresUrl })]
        : []),
      "apps/web/vite.config.ts",
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.e2e.ts"],
          globalSetup: ["support/global-setup.ts", "../apps/server/src/test/log-secrets-global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
