import { defineConfig, type TestProjectConfiguration } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (projects by name, slowest files first), with the browser journeys spread evenly through the
 * server suites instead of run one after another at the end: a journey mostly waits on Chromium and its server,
 * so it shares the machine well with a server suite, and journeys rarely overlap one another. Each journey has
 * its own server, port, data directory, mail server and browser, so an overlap is safe too.
 */
class JourneysSpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journeys = sorted.filter((spec) => spec.project.name === "e2e");
    const others = sorted.filter((spec) => spec.project.name !== "e2e");
    const hosts = others.filter((spec) => spec.project.name.startsWith("server")).length;
    if (journeys.length === 0 || hosts === 0) return sorted;
    const every = hosts / journeys.length;
    const spread: TestSpecification[] = [];
    let next = 0;
    let hostIndex = 0;
    for (const spec of others) {
      if (spec.project.name.startsWith("server")) {
        // Journey `next` goes halfway into its share of the server suites.
        while (next < journeys.length && hostIndex >= (next + 0.5) * every) spread.push(journeys[next++]!);
        hostIndex += 1;
      }
      spread.push(spec);
    }
    return [...spread, ...journeys.slice(next)];
  }
}

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
    // expect.poll's default second is shorter than a busy 2-CPU CI machine's pauses; a poll stops at its first pass.
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    // One import of the app per worker, not one per file: importing Fastify, Drizzle, PGlite and the app's modules
    // cost each file seconds. Safe because no server test mocks modules, fakes timers, stubs globals or changes
    // process.env; the test helpers' module state is per process by design (secret-recorder.ts: one record file
    // per pid; log-capture.ts: one log per pid and kind; the migrated PGlite snapshot; test IPs that only count up).
    isolate: false,
    // Captures the servers' logs and fails the run if a secret the tests used appears in them.
    globalSetup: ["src/test/log-secrets-global-setup.ts"],
  },
});

/** The bench data generator (bench/src/seed) read back through the server's queries, on either database. */
const benchProject = (name: string, env: Record<string, string>): TestProjectConfiguration => ({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: { name, root: "bench", include: ["src/**/*.test.ts"], env, hookTimeout: 120_000 },
});

// With TEST_DATABASE_URL the server suites run a second time against that PostgreSQL server.
const postgresUrl = process.env.TEST_DATABASE_URL;

// One runner for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    sequence: { sequencer: JourneysSpreadSequencer },
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
      benchProject("bench", { TEST_DB_DRIVER: "pglite" }),
      ...(postgresUrl
        ? [benchProject("bench-postgres", { TEST_DB_DRIVER: "postgres", TEST_DATABASE_URL: postgresUrl })]
        : []),
      // Issue 25: the example seller bot, run against the real server in process.
      {
        resolve: { conditions: ["source"] },
        ssr: { resolve: { conditions: ["source"] } },
        test: {
          name: "examples",
          root: "examples/seller-bot",
          include: ["src/**/*.test.ts"],
          env: { TEST_DB_DRIVER: "pglite" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
          pool: "forks",
          globalSetup: ["../../apps/server/src/test/log-secrets-global-setup.ts"],
        },
      },
      "apps/web/vite.config.ts",
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.e2e.ts"],
          globalSetup: ["support/global-setup.ts", "../apps/server/src/test/log-secrets-global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A page load under the full suite's load can take seconds; a poll stops at its first pass.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
