import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { BackupRefusedError, backupEmbeddedDatabase, restoreEmbeddedDatabase } from "./db/backup/embedded-backup.js";
import { describeLedgerViolation } from "./modules/ledger/ledger-check.service.js";

/*
 * `npm run backup -- [--out <file>]` and `npm run restore -- <file> [--force]` for the embedded PGlite database
 * under DATA_DIR (docs/operations.md, "PostgreSQL backups and restore"). With DATABASE_URL set they only print the
 * documented pg_dump / pg_restore commands: PostgreSQL has its own tools, and they do it better.
 * Exit codes: 0 done; 1 restored, but the ledger does not add up; 2 nothing was done.
 */

const USAGE = "Usage: npm run backup -- [--out <file>]\n       npm run restore -- <file> [--force]";

async function main(command: string | undefined, args: string[]): Promise<number> {
  if (command === "backup") {
    const { values } = parseArgs({ args, options: { out: { type: "string" } }, allowPositionals: false });
    return backup(loadConfig(), values.out);
  }
  if (command === "restore") {
    const { values, positionals } = parseArgs({
      args,
      options: { force: { type: "boolean", default: false } },
      allowPositionals: true,
    });
    if (positionals.length !== 1) throw new UsageError();
    return restore(loadConfig(), positionals[0]!, values.force);
  }
  throw new UsageError();
}

async function backup(config: Config, out: string | undefined): Promise<number> {
  if (config.databaseUrl) return printPostgresCommands("backup");
  const file = path.resolve(
    out ?? `lootlane-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.backup.tar`,
  );
  const result = await backupEmbeddedDatabase(config.dataDir, file);
  process.stdout.write(`Backed up ${path.join(config.dataDir, "pglite")} to ${file} (${result.bytes} bytes).\n`);
  if (result.dataKey === config.dataKey.toString("hex")) {
    process.stdout.write(
      "The backup holds DATA_DIR/secrets.json (JWT_SECRET, DATA_KEY, the VAPID keys): keep it as secret as the keys themselves.\n",
    );
  } else {
    console.error(
      "WARNING: the DATA_KEY in use is NOT in this backup (it comes from the environment). Keep DATA_KEY and JWT_SECRET\n" +
        "in your secret store: without DATA_KEY the product data in this backup cannot be decrypted.",
    );
  }
  return 0;
}

async function restore(config: Config, file: string, force: boolean): Promise<number> {
  if (config.databaseUrl) return printPostgresCommands("restore");
  const result = await restoreEmbeddedDatabase(config.dataDir, path.resolve(file), { force });
  process.stdout.write(`Restored ${path.resolve(file)} into ${path.join(config.dataDir, "pglite")}.\n`);
  if (result.previousDirectory)
    process.stdout.write(`The database that was there is kept at ${result.previousDirectory}.\n`);
  if (result.previousSecrets)
    process.stdout.write(`The secrets file that was there is kept at ${result.previousSecrets}.\n`);
  if (result.dataKey === undefined) {
    console.error(
      "WARNING: the backup holds no secrets file: start the server with the DATA_KEY and JWT_SECRET of the time of the backup.",
    );
  } else if (result.dataKey !== config.dataKey.toString("hex")) {
    console.error(
      "WARNING: DATA_KEY in the environment differs from the backup's secrets file; the environment wins, so set it to the key of the backup.",
    );
  }
  if (result.violations.length === 0) {
    process.stdout.write("OK: every ledger transaction balances and every balance follows from its entries.\n");
    return 0;
  }
  console.error("The restored ledger does not add up:");
  for (const violation of result.violations) console.error(`  - ${describeLedgerViolation(violation)}`);
  return 1;
}

/** The documented PostgreSQL path (docs/operations.md); exits 2 so a scheduled job does not take it for a backup. */
function printPostgresCommands(command: "backup" | "restore"): number {
  console.error(`DATABASE_URL is set: npm run ${command} only handles the embedded database. With PostgreSQL, run:`);
  process.stdout.write(
    command === "backup"
      ? 'pg_dump --format=custom --no-owner --file=/backups/lootlane-$(date +%F).dump "$DATABASE_URL"\n'
      : "createdb -h db -U postgres lootlane_restored\n" +
          "pg_restore --no-owner --jobs=4 --dbname=postgres://postgres@db:5432/lootlane_restored /backups/lootlane-<date>.dump\n" +
          "DATABASE_URL=postgres://postgres@db:5432/lootlane_restored npm run ledger:check\n",
  );
  console.error(
    'and keep DATA_KEY and JWT_SECRET in your secret store (docs/operations.md, "PostgreSQL backups and restore").',
  );
  return 2;
}

class UsageError extends Error {}

process.exitCode = await main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error(error instanceof UsageError ? USAGE : `${(error as Error).message}\n${USAGE}`);
  } else {
    console.error(error instanceof ConfigError || error instanceof BackupRefusedError ? error.message : error);
  }
  return 2;
});
