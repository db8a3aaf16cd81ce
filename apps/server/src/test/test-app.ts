import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDeps } from "../app.js";
import { loadConfig, type Config } from "../config.js";
import type { Database } from "../db/client.js";
import { checkLedger, describeLedgerViolation } from "../modules/ledger/ledger-check.js";
import { createMediaStore, type MediaStore } from "../platform/media/media-store.js";
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
  indexHtml: '<!doctype html><html><head><script type="module" src="/assets/index-3f2a1b.js"></script></head><body><div id="root"></div></body></html>',
  assetPath: "/assets/index-3f2a1b.js",
  assetBody: 'console.log("lootlane");',
};

/** Dependencies a test may replace, e.g. a clock it moves forward. */
export type TestAppDeps = Pick<AppDeps, "mailer" | "clock" | "rateLimitStore">;

/**
 * A full app on a fresh migrated database and a temporary DATA_DIR; close() removes all of it. Before that,
 * close() checks the ledger of what the test left behind and fails the suite if the money does not add up, so
 * every server suite proves the invariant (ARCHITECTURE.md §4 "Deals and money") on each database driver.
 */
export async function createTestApp(overrides: Partial<Config> = {}, deps: TestAppDeps = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "lootlane-test-"));
  const webDistDir = path.join(dataDir, "web-dist");
  await mkdir(path.join(webDistDir, "assets"), { recursive: true });
  await writeFile(path.join(webDistDir, "index.html"), webFixture.indexHtml);
  await writeFile(path.join(webDistDir, webFixture.assetPath), webFixture.assetBody);

  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED_DEMO: "false" }),
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
    const app = await buildApp({ config, database, media, ...deps });
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

/** A test may close the database early (to see the app without it); close() then neither checks nor closes it again. */
function closesOnce(database: Database): Database & { isClosed(): boolean } {
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()), isClosed: () => closing !== undefined };
}

async function assertLedgerBalanced(database: Database): Promise<void> {
  const violations = await checkLedger(database.db);
  if (violations.length > 0) {
    throw new Error(`The ledger does not add up after this suite:\n${violations.map((violation) => `  - ${describeLedgerViolation(violation)}`).join("\n")}`);
  }
}
