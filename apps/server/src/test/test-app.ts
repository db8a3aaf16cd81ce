import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp, type AppDeps } from "../app.js";
import { loadConfig, type Config } from "../config.js";
import type { Database } from "../db/client.js";
import { checkLedger, describeLedgerViolation } from "../modules/ledger/ledger-check.service.js";
import { createMediaStore, type MediaStore } from "../platform/media/media-store.js";
import { testAppLogger } from "./log-capture.js";
import { recordBodySecrets, recordCookieSecrets, recordSecret } from "./secret-recorder.js";
import { createTestDatabase } from "./test-database.js";

export type TestApp = {
  /** Built, not yet ready: a test may still add routes before its first inject. */
  app: FastifyInstance;
  database: Database;
  media: MediaStore;
  config: Config;
  close(): Promise<void>;
};

/** The fixture web build every test app serves (unless `webDistDir` is overridden). */
export const webFixture = {
  indexHtml:
    '<!doctype html><html><head><script type="module" src="/assets/index-3f2a1b.js"></script></head><body><div id="root"></div></body></html>',
  assetPath: "/assets/index-3f2a1b.js",
  assetBody: 'console.log("lootlane");',
};

/** Dependencies a test may replace, e.g. a clock it moves forward, or the logger to read what the app logs. */
export type TestAppDeps = Pick<
  AppDeps,
  | "mailer"
  | "clock"
  | "rateLimitStore"
  | "logger"
  | "paymentsTimeoutMs"
  | "sitemapLimits"
  | "messagesInFlight"
  | "webhookTimeoutMs"
  | "dnsServers"
>;

/**
 * recordSecrets: false for a suite whose "secret" fields carry no secrets but generated junk that it also puts in
 * URLs, which are logged by design (input-fuzzing.test.ts); the check would report its own inputs. Such an app
 * also logs apart from the checked logs (log-capture.ts): its junk may equal another suite's code by chance.
 */
export type TestAppOptions = { recordSecrets?: boolean };

/**
 * A full app on a fresh migrated database and a temporary DATA_DIR; close() removes all of it. Before that,
 * close() checks the ledger of what the test left behind and fails the suite if the money does not add up, so
 * every server suite proves the invariant (ARCHITECTURE.md §4 "Deals and money") on each database driver.
 * The app logs into the test run's log capture (log-capture.ts), and every secret a test sends it or receives
 * from it through inject is recorded (secret-recorder.ts), for the check that none of them was logged.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: TestAppDeps = {},
  { recordSecrets = true }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "lootlane-test-"));
  const webDistDir = path.join(dataDir, "web-dist");
  await mkdir(path.join(webDistDir, "assets"), { recursive: true });
  await writeFile(path.join(webDistDir, "index.html"), webFixture.indexHtml);
  await writeFile(path.join(webDistDir, webFixture.assetPath), webFixture.assetBody);

  const config: Config = {
    // The job queue runs only when a test says so (app.jobs.runDue()), with the test's clock: a background round
    // holding a job while the test looks would make what the test sees a matter of timing.
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      JOBS_POLL_MS: String(24 * 3600_000),
    }),
    webDistDir,
    ...overrides,
  };
  const database = closesOnce(await createTestDatabase());
  const media = createMediaStore(config);
  const removeAll = async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await buildTestApp(config, database, media, deps, recordSecrets);
    const close = async () => {
      try {
        await app.close();
        if (!database.isClosed()) await assertLedgerBalanced(database);
      } finally {
        await removeAll();
      }
    };
    return { app, database, media, config, close };
  } catch (error) {
    await removeAll();
    throw error;
  }
}

/**
 * Another instance of `beside`'s app, as a second server of one deployment: the same database, DATA_DIR and
 * secrets, with `overrides` and its own dependencies. A test gives it a setting the other instance must not have
 * (a short timeout to see one expire, while its other tries need the long one); close() closes only this app.
 */
export async function createTestInstance(
  beside: TestApp,
  overrides: Partial<Config> = {},
  deps: TestAppDeps = {},
): Promise<TestApp> {
  const config: Config = { ...beside.config, ...overrides };
  const app = await buildTestApp(config, beside.database, beside.media, deps, true);
  return { app, database: beside.database, media: beside.media, config, close: () => app.close() };
}

async function buildTestApp(
  config: Config,
  database: Database,
  media: MediaStore,
  deps: TestAppDeps,
  recordSecrets: boolean,
): Promise<FastifyInstance> {
  const built = await buildApp({ config, database, media, logger: testAppLogger({ scanned: recordSecrets }), ...deps });
  recordSecret("JWT_SECRET", config.jwtSecret);
  recordSecret("DATA_KEY", config.dataKey.toString("hex"));
  recordSecret("VAPID_PRIVATE_KEY", config.vapid.privateKey);
  return recordSecrets ? recordingSecrets(built) : built;
}

/**
 * Wraps app.inject (used by TestClient, sendForm and the tests themselves) to record the secret fields of each
 * request's body and query and the tokens and goods in each answer. The callback and chained forms are left as
 * they are: no test uses them.
 */
function recordingSecrets(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const recording = async (options: InjectOptions | string) => {
    if (typeof options === "object") {
      recordBodySecrets(options.payload);
      recordBodySecrets(options.query);
      if (options.url) recordBodySecrets(new URL(String(options.url), "http://localhost").searchParams);
    }
    const response = await inject(options);
    const setCookie = response.headers["set-cookie"];
    recordCookieSecrets(setCookie === undefined ? [] : [setCookie].flat());
    if (/"product_data|"items?"/.test(response.body)) recordBodySecrets(response.body);
    return response;
  };
  return Object.assign(app, {
    inject: (...args: unknown[]) =>
      args.length === 1
        ? recording(args[0] as InjectOptions | string)
        : (inject as (...all: unknown[]) => unknown)(...args),
  });
}

/** A test may close the database early (to see the app without it); close() then neither checks nor closes it again. */
function closesOnce(database: Database): Database & { isClosed(): boolean } {
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()), isClosed: () => closing !== undefined };
}

/** Fails with every violation when the ledger does not add up; close() runs it, a money test may run it sooner. */
export async function assertLedgerBalanced(database: Database): Promise<void> {
  const violations = await checkLedger(database.db);
  if (violations.length > 0) {
    throw new Error(
      `The ledger does not add up after this suite:\n${violations.map((violation) => `  - ${describeLedgerViolation(violation)}`).join("\n")}`,
    );
  }
}
