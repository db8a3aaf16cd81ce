import { sql } from "drizzle-orm";
import type { Db } from "@lootlane/server/db/client";
import { categories, type NewCategory } from "@lootlane/server/db/schema/catalog";
import { users } from "@lootlane/server/db/schema/users";
import { demoGames } from "@lootlane/server/db/seed/demo-games";
import { slugify } from "@lootlane/server/db/slug";
import { createDataCipher, type DataCipher } from "@lootlane/server/platform/crypto/data-cipher";
import { hashPassword } from "@lootlane/server/platform/security/password-hash";
import type { DealTerms } from "@lootlane/server/modules/deals/deals.service";
import { selectRows } from "./bench-database.js";
import { planDeals } from "./deal-plan.js";
import { generateListings, type ListingBatch, type ListingCategory, seededRandom } from "./listings.js";
import { insertDeals } from "./load-deals.js";
import { SalePicker } from "./sales.js";

export type LoadOptions = {
  products: number;
  sellers: number;
  users: number;
  deals: number;
  seed: number;
  dataKey: Buffer;
  terms: DealTerms;
  log: (message: string) => void;
};
export type LoadCounts = {
  products: number;
  active: number;
  images: number;
  sellers: number;
  categories: number;
  units: number;
  users: number;
  deals: number;
  openDeals: number;
  messages: number;
  ledgerTransactions: number;
};

/** The password of every generated seller and user, so a bench scenario can sign in as one. */
export const BENCH_PASSWORD = "Bench#pass1";
/**
 * The admin of a generated database: the server creates its first admin only in an empty database, and the
 * bench needs one to top buyers up and approve what its members list.
 */
export const BENCH_ADMIN = { email: "admin@bench.lootlane.test", password: BENCH_PASSWORD } as const;
/** What every generated listing sells: its one unit's text. */
export const BENCH_GOODS = "Login: bench_account\nPassword: Bench#goods1";
/** Rows per insert: big enough that round trips do not matter, small enough to keep the arrays in memory cheap. */
const BATCH_SIZE = 20_000;
/** A handful of shared pictures; the bench measures queries, not media. */
const IMAGE_URLS = Array.from({ length: 8 }, (_, i) => `/media/bench/product-${i + 1}.png`);

/**
 * Inserts sellers, the demo games with their subcategories, `products` listings and their images, then the
 * buyers and their deals with chats and money (deal-plan.ts), then each listing's one unit of stock, all in one
 * transaction. The secondary indexes of products, product_images, product_units and users are dropped once the
 * sellers are in and rebuilt after the load from their own definitions (pg_indexes), which is several times
 * faster than maintaining their trigram indexes row by row; if anything fails the transaction puts them back
 * untouched.
 */
export async function loadBenchData(db: Db, options: LoadOptions): Promise<LoadCounts> {
  const random = seededRandom(options.seed);
  // Its own stream, half the generator's cycle away from the catalogue's (mulberry32 walks one cycle of 2^32
  // states), so the people and deals never replay the catalogue's numbers and the catalogue of a seed stays
  // the same whatever --users and --deals are.
  const tradeRandom = seededRandom(options.seed ^ 0x8000_0000);
  // One hash for everyone: the password is the same, and hashing it 100,000 times would take most of an hour.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const unit = goodsUnit(createDataCipher(options.dataKey));
  const now = Date.now();

  return db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.insert(users).values({
      email: BENCH_ADMIN.email,
      username: "bench_admin",
      passwordHash,
      role: "admin",
      createdAt: new Date(now),
    });
    const sellerIds = await insertSellers(tx, options.sellers, passwordHash, random);
    const listingCategories = await insertCategories(tx, random);
    options.log(`${sellerIds.length} sellers, ${listingCategories.length} listing categories`);

    const indexes = await dropSecondaryIndexes(tx);
    const sales = new SalePicker(tradeRandom, { deals: options.deals, products: options.products }, options.terms, now);
    let active = 0;
    for (let done = 0; done < options.products; done += BATCH_SIZE) {
      const batch = generateListings(random, Math.min(BATCH_SIZE, options.products - done), {
        sellerIds,
        categories: listingCategories,
        now,
      });
      sales.sell(batch);
      active += batch.statuses.filter((status, i) => status === "active" && batch.deletedAts[i] === null).length;
      await insertListings(tx, batch);
      if ((done / BATCH_SIZE) % 10 === 9) options.log(`${done + BATCH_SIZE} products`);
    }
    options.log(`${options.products} products inserted`);

    const images = await insertImages(tx);
    options.log(`${images} images inserted`);

    const plan = planDeals(tradeRandom, {
      sales: sales.sales,
      users: options.users,
      sellerIds,
      terms: options.terms,
      now,
    });
    await insertDeals(tx, plan, passwordHash);
    options.log(
      `${options.users} users, ${plan.deals.ids.length} deals with their chats, ${plan.ledger.transactions.ids.length} ledger transactions`,
    );
    const units = await insertUnits(tx, unit);
    options.log(`${units} units of stock inserted; rebuilding ${indexes.length} indexes`);
    for (const index of indexes) await tx.execute(sql.raw(index));
    options.log("indexes rebuilt");
    return {
      products: options.products,
      active,
      images,
      sellers: sellerIds.length,
      categories: listingCategories.length,
      units,
      users: options.users,
      deals: plan.deals.ids.length,
      openDeals: plan.openDeals,
      messages: plan.messages.texts.length,
      ledgerTransactions: plan.ledger.transactions.ids.length,
    };
  });
}

async function insertSellers(tx: Db, count: number, passwordHash: string, random: () => number): Promise<string[]> {
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`insert into users (email, username, password_hash, rating, created_at)
        select 'seller' || n || '@bench.lootlane.test', 'seller' || n, ${passwordHash}, r, now() - interval '400 days'
        from unnest(${sql.param(numbers)}::int[], ${sql.param(numbers.map(() => Math.floor(random() * 6)))}::int[]) as u(n, r)
        returning id`,
  );
  return rows.map((row) => row.id);
}

/** The demo games and their subcategories; a listing is filed under a subcategory, or now and then the game itself. */
async function insertCategories(tx: Db, random: () => number): Promise<ListingCategory[]> {
  const listingCategories: ListingCategory[] = [];
  for (const [position, game] of demoGames.entries()) {
    const gameRow: NewCategory = {
      name: game.name,
      nameRu: game.nameRu,
      slug: slugify(game.name),
      description: game.description,
      descriptionRu: game.descriptionRu,
      imageUrl: IMAGE_URLS[position % IMAGE_URLS.length]!,
    };
    const [inserted] = await tx.insert(categories).values(gameRow).returning({ id: categories.id });
    const children = await tx
      .insert(categories)
      .values(
        game.subcategories.map((sub) => ({
          name: sub.name,
          nameRu: sub.nameRu,
          slug: slugify(sub.name),
          description: sub.description,
          descriptionRu: sub.descriptionRu,
          parentId: inserted!.id,
        })),
      )
      .returning({ id: categories.id });
    game.subcategories.forEach((sub, i) =>
      listingCategories.push({ id: children[i]!.id, game: game.name, kind: sub.kind }),
    );
    const gameKind = game.subcategories[Math.floor(random() * game.subcategories.length)]!.kind;
    listingCategories.push({ id: inserted!.id, game: game.name, kind: gameKind });
  }
  return listingCategories;
}

/** Drops every index of the bulk-loaded tables that no constraint owns and returns the statements that recreate them. */
async function dropSecondaryIndexes(tx: Db): Promise<string[]> {
  const rows = await selectRows<{ name: string; definition: string }>(
    tx,
    sql`select quote_ident(i.indexname) as name, i.indexdef as definition
        from pg_indexes i
        where i.schemaname = 'public' and i.tablename in ('products', 'product_images', 'product_units', 'users')
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const row of rows) await tx.execute(sql.raw(`drop index ${row.name}`));
  return rows.map((row) => row.definition);
}

/**
 * Listings made the spec's way (one `product_data`), as the server stores them: `auto`, no delivery note
 * (product_data_encrypted null), the goods being the one unit insertUnits adds; filed under their category's game,
 * with their seller's rating, and on sale since they were written unless never approved (as migration 0011 dates
 * listings older than listed_at). Subqueries rather than joins keep the rows in the order they were generated.
 */
async function insertListings(tx: Db, batch: ListingBatch): Promise<void> {
  await tx.execute(sql`
    insert into products (id, seller_id, category_id, game_id, title, description, price_kopecks, delivery, in_stock, status,
                          seller_rating, created_at, listed_at, updated_at, deleted_at)
    select coalesce(id, gen_random_uuid()), seller_id, category_id,
           (select coalesce(c.parent_id, c.id) from categories c where c.id = category_id), title, description, price, 'auto',
           in_stock, status, (select s.rating from users s where s.id = seller_id), created_at,
           case when status in ('moderation', 'rejected') then null else created_at end, updated_at, deleted_at
    from unnest(
      ${sql.param(batch.ids)}::uuid[], ${sql.param(batch.sellerIds)}::uuid[], ${sql.param(batch.categoryIds)}::uuid[], ${sql.param(batch.titles)}::text[],
      ${sql.param(batch.descriptions)}::text[], ${sql.param(batch.priceKopecks)}::bigint[], ${sql.param(batch.inStocks)}::int[], ${sql.param(batch.statuses)}::text[],
      ${sql.param(batch.createdAts)}::timestamptz[], ${sql.param(batch.updatedAts)}::timestamptz[], ${sql.param(batch.deletedAts)}::timestamptz[]
    ) as u(id, seller_id, category_id, title, description, price, in_stock, status, created_at, updated_at, deleted_at)`);
}

/** The goods of every listing, encrypted and fingerprinted under DATA_KEY as the server's insertUnits does. */
function goodsUnit(cipher: DataCipher): { dataEncrypted: string; dataHash: string } {
  return { dataEncrypted: cipher.encrypt(BENCH_GOODS), dataHash: cipher.fingerprint(BENCH_GOODS) };
}

/**
 * Each listing's one unit, added when it was listed, in listing order (the delivery order, seq): `available`, or,
 * for a sold listing, `sold` to its deal (each deal sells a listing of its own) at the moment of purchase, as
 * takeStock (products-units.service.ts) leaves it. One statement from the stored rows, like the images.
 */
async function insertUnits(tx: Db, unit: { dataEncrypted: string; dataHash: string }): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    tx,
    sql`with inserted as (
          insert into product_units (product_id, data_encrypted, data_hash, state, deal_id, created_at, sold_at)
          select p.id, ${unit.dataEncrypted}, ${unit.dataHash}, case when d.id is null then 'available' else 'sold' end,
                 d.id, p.created_at, d.created_at
          from products p
          left join deals d on d.product_id = p.id
          order by p.created_at, p.id
          returning 1
        )
        select count(*)::int as count from inserted`,
  );
  return row!.count;
}

/** One to three pictures per listing, picked from the shared set by the product id so reruns agree. */
async function insertImages(tx: Db): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    tx,
    sql`with inserted as (
          insert into product_images (product_id, image_url, thumbnail_url, position, created_at)
          select p.id, urls[1 + (h + n) % ${IMAGE_URLS.length}], urls[1 + (h + n) % ${IMAGE_URLS.length}], n, p.created_at
          from products p
          cross join lateral (select abs(hashtext(p.id::text)) as h) hashed
          cross join lateral generate_series(0, h % 3) n
          cross join (select ${sql.param(IMAGE_URLS)}::text[] as urls) shared
          returning 1
        )
        select count(*)::int as count from inserted`,
  );
  return row!.count;
}
