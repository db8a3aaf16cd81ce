import { sql } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import type { Db } from "../client.js";
import { openUserAccounts } from "../../modules/ledger/ledger.service.js";
import { createUsers } from "../../modules/users/users.service.js";
import { users } from "../schema/users.js";
import { insertDemoCatalogue, prepareDemoCatalogue } from "./seed-catalogue.js";
import { prepareSeedUsers } from "./seed-users.js";

export type SeedDeps = {
  db: Db;
  media: MediaStore;
  config: Config;
  log: { info(msg: string): void; warn(msg: string): void };
};

export type SeedResult = { seeded: boolean; admin?: { email: string; password?: string } };

/** Any fixed number; instances starting together on an empty PostgreSQL take turns, and only the first seeds. */
const SEED_LOCK_ID = 7_305_118_205;

/**
 * First start: creates the admin (and, with SEED_DEMO, the demo seller and catalogue) when the database has no
 * users; otherwise changes nothing. All rows go in in one transaction, opened only after the slow work
 * (hashing, rendering, media writes), because PGlite is a single connection that nothing else can use meanwhile.
 */
export async function seedIfEmpty(deps: SeedDeps): Promise<SeedResult> {
  if (await hasUsers(deps.db)) return { seeded: false };

  const now = new Date();
  const seedUsers = await prepareSeedUsers(deps.config, deps.log, now);
  const catalogue = deps.config.seedDemo ? await prepareDemoCatalogue(deps.media, deps.config.dataKey, now) : undefined;

  const seeded = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasUsers(tx)) return false;
    const rows = seedUsers.demoSeller ? [seedUsers.admin, seedUsers.demoSeller] : [seedUsers.admin];
    const inserted = await createUsers(tx, rows);
    // users.balance is the projection of this account, so every user gets one from the start.
    await openUserAccounts(
      tx,
      inserted.map((user) => user.id),
    );
    const seller = inserted.find((user) => user.username === seedUsers.demoSeller?.username);
    if (catalogue && seller) await insertDemoCatalogue(tx, catalogue, seller.id);
    return true;
  });
  if (!seeded) return { seeded: false };

  deps.log.info(
    catalogue
      ? `Seeded the admin ${seedUsers.adminCredentials.email} and the demo catalogue: ${catalogue.categories.length} categories, ${catalogue.products.length} products`
      : `Seeded the admin ${seedUsers.adminCredentials.email}`,
  );
  return { seeded: true, admin: seedUsers.adminCredentials };
}

async function hasUsers(db: Db): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  return user !== undefined;
}
