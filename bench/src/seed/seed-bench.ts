import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "@lootlane/server/db/client";
import { migrateDatabase } from "@lootlane/server/db/migrate";
import { assertSafeToWipe, DEFAULT_BENCH_DATABASE_URL, ensureDatabaseExists, wipeForBench } from "./bench-database.js";
import { loadBenchData } from "./load-catalogue.js";

/**
 * `npm run seed:bench -- --products 1000000 [--sellers 1000] [--users 100000] [--deals 10000] [--force]`: fills
 * the PostgreSQL database at DATABASE_URL (default the `bench` database on 127.0.0.1, created when missing) with
 * a migrated schema, the demo games, sellers, generated listings, buyers and their deals. See bench/README.md.
 */
const { values } = parseArgs({
  options: {
    products: { type: "string", default: "1000000" },
    sellers: { type: "string", default: "1000" },
    users: { type: "string", default: "100000" },
    deals: { type: "string", default: "10000" },
    seed: { type: "string", default: "1" },
    force: { type: "boolean", default: false },
  },
});

function wholeNumber(name: string, value: string, least: number): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < least)
    throw new Error(`${name} must be a whole number of at least ${least}, got ${value}`);
  return number;
}

const products = wholeNumber("--products", values.products, 1);
const users = wholeNumber("--users", values.users, 0);
// Each deal sells its own listing to one of the users.
const deals = wholeNumber("--deals", values.deals, 0);
if (deals > products)
  throw new Error(`--deals (${deals}) cannot exceed --products (${products}): each deal sells a listing of its own`);
if (deals > 0 && users === 0) throw new Error("--deals needs --users to buy");

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const dataKeyHex = process.env.DATA_KEY;
// The deal terms a server started with the same environment uses (apps/server/src/config.ts, same defaults).
const terms = {
  commissionPercent: Number(process.env.COMMISSION_PERCENT || "0"),
  autoConfirmHours: Number(process.env.AUTO_CONFIRM_HOURS || "72"),
};
if (!(terms.commissionPercent >= 0 && terms.commissionPercent <= 100))
  throw new Error(`COMMISSION_PERCENT must be 0 to 100, got ${process.env.COMMISSION_PERCENT}`);
if (!(terms.autoConfirmHours > 0))
  throw new Error(`AUTO_CONFIRM_HOURS must be above 0, got ${process.env.AUTO_CONFIRM_HOURS}`);
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

await ensureDatabaseExists(databaseUrl);
const database = await openDatabase({ databaseUrl });
try {
  await migrateDatabase(database);
  await assertSafeToWipe(database.db, values.force);
  await wipeForBench(database.db);
  console.log(`[${elapsed()}] migrated and emptied ${new URL(databaseUrl).pathname.slice(1)}`);
  const counts = await loadBenchData(database.db, {
    products,
    sellers: wholeNumber("--sellers", values.sellers, 1),
    users,
    deals,
    seed: wholeNumber("--seed", values.seed, 1),
    // The server can only decrypt units written under its own DATA_KEY; without one they are opaque.
    dataKey: dataKeyHex ? Buffer.from(dataKeyHex, "hex") : randomBytes(32),
    terms,
    log: (message) => console.log(`[${elapsed()}] ${message}`),
  });
  // Fresh statistics and a visibility map, so the planner and index-only scans see the data as a live database would.
  await database.db.execute(sql`vacuum analyze`);
  console.log(
    `[${elapsed()}] done: ${counts.products} products (${counts.active} active), ${counts.images} images, ${counts.units} units of stock, ${counts.sellers} sellers, ` +
      `${counts.categories} categories, ${counts.users} users, ${counts.deals} deals (${counts.openDeals} open), ${counts.messages} messages, ${counts.ledgerTransactions} ledger transactions`,
  );
} finally {
  await database.close();
}
