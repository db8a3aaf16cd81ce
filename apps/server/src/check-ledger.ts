import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { checkLedger, describeLedgerViolation } from "./modules/ledger/ledger-check.service.js";

/*
 * `npm run ledger:check`: checks the ledger of the database the app uses (DATABASE_URL, else the embedded PGlite
 * under DATA_DIR) and prints OK or each violation; exits 1 when the money does not add up, 2 when it could not
 * check. It only reads. The embedded database belongs to one process at a time: stop the app before checking it.
 */

async function main(): Promise<number> {
  const config = loadConfig();
  // client.ts keeps the embedded database in <DATA_DIR>/pglite; opening a missing one would create an empty one.
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "pglite"))) {
    console.error(`No database to check: nothing at ${config.dataDir} and DATABASE_URL is not set.`);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const violations = await checkLedger(database.db);
    if (violations.length === 0) {
      process.stdout.write(
        "OK: every ledger transaction balances, every balance and balance-after follows from its entries, and all accounts together hold nothing.\n",
      );
      return 0;
    }
    console.error("The ledger does not add up:");
    for (const violation of violations) console.error(`  - ${describeLedgerViolation(violation)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  return 2;
});
