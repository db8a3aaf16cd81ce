import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { type Database, openDatabase, pgliteDatabase, pgliteExtensions } from "../db/client.js";
import { migrateDatabase, migrationsFolder } from "../db/migrate.js";

/**
 * A fresh, migrated database for one test: in-memory PGlite, or with TEST_DB_DRIVER=postgres a new database
 * on the TEST_DATABASE_URL server that close() drops again.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB_DRIVER !== "postgres") {
    return pgliteDatabase(await PGlite.create({ extensions: pgliteExtensions, loadDataDir: await migratedSnapshot() }));
  }
  const database = await createPostgresDatabase();
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Like createTestDatabase, but with no migrations applied (for tests of the migrations themselves). */
export function createEmptyTestDatabase(): Promise<Database> {
  return process.env.TEST_DB_DRIVER === "postgres" ? createPostgresDatabase() : openDatabase({ inMemory: true });
}

const SNAPSHOT_PREFIX = "lootlane-test-pglite-";
let snapshot: Promise<Blob> | undefined;

/**
 * Starting PGlite from a dump of an already migrated database takes a fraction of initdb plus migrations, so
 * the dump is made once and kept in the temp directory, keyed by the PGlite version and the migrations.
 */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const name = `${SNAPSHOT_PREFIX}${snapshotKey()}.tar`;
    const file = path.join(tmpdir(), name);
    if (existsSync(file)) return new Blob([await readFile(file)]);
    const client = await PGlite.create({ extensions: pgliteExtensions });
    await migrateDatabase(pgliteDatabase(client));
    const dump = await client.dumpDataDir("none");
    await client.close();
    // Test files run in parallel processes: write aside, then rename, so nobody reads half a dump.
    const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    await removeStaleSnapshots(name);
    return dump;
  })();
  return snapshot;
}

/** Dumps of older migrations are about 40 MB each; only the current one is kept. */
async function removeStaleSnapshots(current: string): Promise<void> {
  const stale = (await readdir(tmpdir())).filter(
    (entry) => entry.startsWith(SNAPSHOT_PREFIX) && entry.endsWith(".tar") && entry !== current,
  );
  await Promise.all(stale.map((entry) => rm(path.join(tmpdir(), entry), { force: true })));
}

function snapshotKey(): string {
  const pgliteEntry = fileURLToPath(import.meta.resolve("@electric-sql/pglite"));
  const pglitePackage = readFileSync(path.join(path.dirname(pgliteEntry), "..", "package.json"), "utf8");
  const { version } = JSON.parse(pglitePackage) as { version: string };
  const migrations = readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash);
  return createHash("sha256").update(version).update(migrations.join()).digest("hex").slice(0, 16);
}

async function createPostgresDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL");
  const name = `lootlane_t_${randomBytes(6).toString("hex")}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
