import { defineConfig } from "vitest/config";

// One runner for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ["source"] },
        test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] },
      },
      {
        resolve: { conditions: ["source"] },
        ssr: { resolve: { conditions: ["source"] } },
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      "apps/web/vite.config.ts",
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.e2e.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
