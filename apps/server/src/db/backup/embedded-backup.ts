import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { checkLedger, type LedgerViolation } from "../../modules/ledger/ledger-check.service.js";
import { pgliteDatabase, pgliteExtensions } from "../client.js";
import { readTar, writeTar } from "./backup-archive.js";

/*
 * Backup and restore of the embedded PGlite database (`npm run backup` / `npm run restore`, apps/server/src/backup.ts).
 * The database is dumped through PGlite itself rather than by copying its files, and the file holds the secrets
 * too: without DATA_KEY the product data it holds cannot be decrypted.
 */

/** Names inside a backup file. */
const DATABASE_ENTRY = "pglite.tar.gz";
const SECRETS_ENTRY = "secrets.json";

/** A backup or restore that was not attempted because it would be unsafe; the message says what to do. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefusedError";
  }
}

// client.ts keeps the embedded database here, and config.ts the generated JWT_SECRET and DATA_KEY.
const databaseDirectory = (dataDir: string) => path.join(dataDir, "pglite");
const secretsFile = (dataDir: string) => path.join(dataDir, "secrets.json");

export type BackupResult = {
  bytes: number;
  /** The DATA_KEY of the secrets file written into the backup, if DATA_DIR had one. */
  dataKey: string | undefined;
};

/** Writes a consistent copy of DATA_DIR's embedded database and secrets file to `outFile`, which must not exist. */
export async function backupEmbeddedDatabase(
  dataDir: string,
  outFile: string,
  now = new Date(),
): Promise<BackupResult> {
  const directory = databaseDirectory(dataDir);
  if (!existsSync(directory)) throw new BackupRefusedError(`No embedded database to back up: nothing at ${directory}.`);
  refuseIfInUse(directory);
  const client = await PGlite.create(directory, { extensions: pgliteExtensions });
  let database: Blob;
  try {
    // Flushes every page to the data files, so the copy opens without replaying WAL.
    await client.exec("checkpoint");
    database = await client.dumpDataDir("gzip");
  } finally {
    await client.close();
  }
  const files = new Map<string, Uint8Array>([[DATABASE_ENTRY, new Uint8Array(await database.arrayBuffer())]]);
  const secrets = existsSync(secretsFile(dataDir)) ? await readFile(secretsFile(dataDir)) : undefined;
  if (secrets) files.set(SECRETS_ENTRY, secrets);
  const archive = writeTar(files, now);
  try {
    // Owner-only: the file can hold the keys themselves. "wx": never overwrite an earlier backup.
    await writeFile(outFile, archive, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      throw new BackupRefusedError(`${outFile} already exists; choose another --out.`);
    throw error;
  }
  return { bytes: archive.length, dataKey: secrets ? parseSecrets(secrets)?.dataKey : undefined };
}

export type RestoreResult = {
  /** Where the database that was there before now is, if there was one. */
  previousDirectory: string | undefined;
  /** Where the secrets file that was there before now is, if the backup's differed from it. */
  previousSecrets: string | undefined;
  /** The DATA_KEY now in DATA_DIR's secrets file, when the backup held one. */
  dataKey: string | undefined;
  /** The ledger check of the restored database; empty when the money adds up. */
  violations: LedgerViolation[];
};

/**
 * Replaces DATA_DIR's embedded database (and secrets file) with the backup's. What was there is renamed aside,
 * never deleted, and only with `force` when it holds a database: a restore over live data is a decision.
 */
export async function restoreEmbeddedDatabase(
  dataDir: string,
  backupFile: string,
  options: { force: boolean; now?: Date },
): Promise<RestoreResult> {
  if (!existsSync(backupFile)) throw new BackupRefusedError(`No backup file at ${backupFile}.`);
  const files = readTar(await readFile(backupFile));
  const database = files?.get(DATABASE_ENTRY);
  if (!files || !database) throw new BackupRefusedError(`${backupFile} is not a backup made by npm run backup.`);
  const secrets = files.get(SECRETS_ENTRY);
  const suffix = `.before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, "-")}`;

  const directory = databaseDirectory(dataDir);
  const previousDirectory = await setAsideExistingDatabase(directory, suffix, options.force);
  // PGlite creates the database directory but not its parent: DATA_DIR may be new on a fresh machine.
  await mkdir(dataDir, { recursive: true });
  let client: PGlite;
  try {
    client = await PGlite.create(directory, {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([new Uint8Array(database)]),
    });
  } catch (error) {
    // Leave DATA_DIR as it was found rather than half restored.
    await rm(directory, { recursive: true, force: true });
    if (previousDirectory) await rename(previousDirectory, directory);
    throw error;
  }
  let violations: LedgerViolation[];
  try {
    violations = await checkLedger(pgliteDatabase(client).db);
  } finally {
    await client.close();
  }

  const previousSecrets = secrets ? await restoreSecrets(dataDir, secrets, suffix) : undefined;
  return {
    previousDirectory,
    previousSecrets,
    dataKey: secrets ? parseSecrets(secrets)?.dataKey : undefined,
    violations,
  };
}

/** Renames a non-empty database directory aside (with `force`) and returns its new path. */
async function setAsideExistingDatabase(
  directory: string,
  suffix: string,
  force: boolean,
): Promise<string | undefined> {
  if (!existsSync(directory)) return undefined;
  refuseIfInUse(directory);
  if ((await readdir(directory)).length === 0) {
    await rm(directory, { recursive: true });
    return undefined;
  }
  if (!force)
    throw new BackupRefusedError(
      `${directory} already holds a database. Run again with --force to restore over it (it is kept, renamed).`,
    );
  const aside = `${directory}${suffix}`;
  await rename(directory, aside);
  return aside;
}

/** Writes the backup's secrets file; a different one already there is renamed aside and its path returned. */
async function restoreSecrets(dataDir: string, secrets: Buffer, suffix: string): Promise<string | undefined> {
  const file = secretsFile(dataDir);
  let aside: string | undefined;
  if (existsSync(file)) {
    if ((await readFile(file)).equals(secrets)) return undefined;
    aside = `${file}${suffix}`;
    await rename(file, aside);
  }
  await writeFile(file, secrets, { mode: 0o600 });
  return aside;
}

/**
 * PGlite takes no lock: a second process opening the directory runs a second PostgreSQL over the same files and
 * corrupts them. An open PGlite keeps postmaster.pid there and removes it when it closes, so that file is the sign.
 */
function refuseIfInUse(directory: string): void {
  const pidFile = path.join(directory, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  throw new BackupRefusedError(
    `The embedded database at ${directory} is in use (${pidFile} exists): stop the Lootlane server first.\n` +
      `If nothing uses it (a crash can leave the file behind), delete ${pidFile} and run again.`,
  );
}

function parseSecrets(secrets: Buffer): { dataKey: string } | undefined {
  try {
    const parsed = JSON.parse(secrets.toString("utf8")) as { dataKey?: unknown };
    return typeof parsed.dataKey === "string" ? { dataKey: parsed.dataKey } : undefined;
  } catch {
    return undefined;
  }
}
