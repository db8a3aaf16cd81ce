import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../../apps/server/src/db/client.js";
import { migrateDatabase } from "../../../apps/server/src/db/migrate.js";
import { assertSafeToWipe, DEFAULT_BENCH_DATABASE_URL, ensureDatabaseExists, wipeForBench } from "./bench-database.js";
import { loadCatalogue } from "./load-catalogue.js";

/**
 * `npm run seed:bench -- --products 1000000 [--sellers 1000] [--force]`: fills the PostgreSQL database at
 * DATABASE_URL (default the `bench` database on 127.0.0.1, created when missing) with a migrated schema, the demo
 * games, sellers and generated listings. See bench/README.md.
 */
const { values } = parseArgs({
  options: {
    products: { type: "string", default: "1000000" },
    sellers: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
    force: { type: "boolean", default: false },
  },
});

function positiveInteger(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`--${name} must be a positive whole number, got ${value}`);
  return number;
}

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const dataKeyHex = process.env.DATA_KEY;
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

await ensureDatabaseExists(databaseUrl);
const database = await openDatabase({ databaseUrl });
try {
  await migrateDatabase(database);
  await assertSafeToWipe(database.db, values.force);
  await wipeForBench(database.db);
  console.log(`[${elapsed()}] migrated and emptied ${new URL(databaseUrl).pathname.slice(1)}`);
  const counts = await loadCatalogue(database.db, {
    products: positiveInteger("products", values.products),
    sellers: positiveInteger("sellers", values.sellers),
    seed: positiveInteger("seed", values.seed),
    // The server can only decrypt product_data written under its own DATA_KEY; without one the blob is opaque.
    dataKey: dataKeyHex ? Buffer.from(dataKeyHex, "hex") : randomBytes(32),
    log: (message) => console.log(`[${elapsed()}] ${message}`),
  });
  // Fresh statistics and a visibility map, so the planner and index-only scans see the data as a live database would.
  await database.db.execute(sql`vacuum analyze`);
  console.log(`[${elapsed()}] done: ${counts.products} products (${counts.active} active), ${counts.images} images, ${counts.sellers} sellers, ${counts.categories} categories`);
} finally {
  await database.close();
}
