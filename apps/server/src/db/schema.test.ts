import type { ListingFilters, ProductSort } from "@lootlane/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  afterProduct,
  filterConditions,
  listingOrder,
  onSale,
  type OnlineSellers,
} from "../modules/products/products-listing.filters.js";
import { createTestDatabase } from "../test/test-database.js";
import type { Database, Db } from "./client.js";
import { categories, chats, deals, ledgerAccounts, products, productUnits, reviews, users } from "./schema/index.js";

/** The database itself refuses states that would lose or duplicate money, whatever the service code does. */

let database: Database;
let db: Db;
let seller: string;
let buyer: string;
let game: string;
let product: string;
let chat: string;

/** Resolves when the promise fails on the named constraint (Drizzle wraps the driver error as `cause`). */
async function violates(promise: Promise<unknown>, constraint: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  const messages: string[] = [];
  for (
    let current = error as { message?: string; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    messages.push(String(current.message));
  }
  expect(messages.join("\n")).toContain(`"${constraint}"`);
}

const newUser = (name: string) => ({ email: `${name}@example.com`, username: name, passwordHash: "x" });

async function planOf(query: ReturnType<typeof sql>): Promise<string> {
  // Without seqscan the planner shows which index it can use even on a tiny table.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row).join(" ")).join("\n");
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  [{ id: seller }, { id: buyer }] = (await db
    .insert(users)
    .values([newUser("seller"), newUser("buyer")])
    .returning({ id: users.id })) as [{ id: string }, { id: string }];
  [{ id: game }] = (await db
    .insert(categories)
    .values({ name: "Dota 2", nameRu: "Dota 2", slug: "dota-2" })
    .returning({ id: categories.id })) as [{ id: string }];
  [{ id: product }] = (await db
    .insert(products)
    .values({
      sellerId: seller,
      categoryId: game,
      gameId: game,
      title: "Arcana",
      description: "An arcana",
      priceKopecks: 100_00,
      productDataEncrypted: "v1:x",
    })
    .returning({ id: products.id })) as [{ id: string }];
  [{ id: chat }] = (await db
    .insert(chats)
    .values({ productId: product, buyerId: buyer, sellerId: seller })
    .returning({ id: chats.id })) as [{ id: string }];
});
afterAll(() => database.close());

describe("schema constraints", () => {
  it("keeps user balances non-negative and e-mails and usernames unique regardless of case", async () => {
    await violates(
      db.update(users).set({ balanceKopecks: -1 }).where(eq(users.id, buyer)),
      "users_balance_not_negative_check",
    );
    await violates(db.insert(users).values({ ...newUser("x"), email: "Upper@Example.com" }), "users_email_lower_check");
    await violates(db.insert(users).values({ ...newUser("other"), username: "SELLER" }), "users_username_lower_key");
    await violates(
      db.insert(users).values({ ...newUser("seller2"), email: "seller@example.com" }),
      "users_email_unique",
    );
  });

  it("allows only the external ledger account below zero, and one account per user and per singleton kind", async () => {
    await violates(
      db.insert(ledgerAccounts).values({ kind: "user_available", userId: buyer, balanceKopecks: -1 }),
      "ledger_accounts_balance_not_negative_check",
    );
    await violates(db.insert(ledgerAccounts).values({ kind: "user_available" }), "ledger_accounts_owner_check");
    await db
      .insert(ledgerAccounts)
      .values([
        { kind: "external", balanceKopecks: -500 },
        { kind: "platform_fees" },
        { kind: "user_available", userId: buyer },
      ]);
    await violates(
      db.insert(ledgerAccounts).values({ kind: "user_available", userId: buyer }),
      "ledger_accounts_kind_user_key",
    );
    await violates(db.insert(ledgerAccounts).values({ kind: "platform_fees" }), "ledger_accounts_kind_singleton_key");
  });

  it("keeps a deal's price its units' price and lets a listing sell many times at once", async () => {
    const deal = {
      productId: product,
      buyerId: buyer,
      sellerId: seller,
      chatId: chat,
      priceKopecks: 300_00,
      productTitle: "Arcana",
      unitPriceKopecks: 100_00,
      quantity: 3,
      autoConfirmAt: new Date(),
    };
    const [first] = await db.insert(deals).values(deal).returning({ id: deals.id });
    // Many open deals of one listing: each bought its own units.
    await db.insert(deals).values(deal);
    await violates(db.insert(deals).values({ ...deal, quantity: 2 }), "deals_price_is_units_check");
    await violates(
      db.insert(deals).values({ ...deal, priceKopecks: 100_00, unitPriceKopecks: -100_00, quantity: -1 }),
      "deals_quantity_positive_check",
    );
    await violates(db.insert(deals).values({ ...deal, delivery: "post" as "auto" }), "deals_delivery_check");
    await violates(db.insert(deals).values({ ...deal, buyerId: seller }), "deals_buyer_not_seller_check");
    await violates(
      db.insert(reviews).values({ dealId: first!.id, authorId: buyer, sellerId: seller, stars: 6, text: "great" }),
      "reviews_stars_range_check",
    );
  });

  it("keeps a unit once in its listing, sold exactly when a deal took it, and stock never below zero", async () => {
    const unit = { productId: product, dataEncrypted: "v1:unit", dataHash: "same" };
    const [first] = await db.insert(productUnits).values(unit).returning({ id: productUnits.id });
    await violates(db.insert(productUnits).values(unit), "product_units_product_hash_key");
    // A removed unit may be added again.
    await db.update(productUnits).set({ state: "removed" }).where(eq(productUnits.id, first!.id));
    const [again] = await db.insert(productUnits).values(unit).returning({ id: productUnits.id });
    await violates(
      db.update(productUnits).set({ state: "sold" }).where(eq(productUnits.id, again!.id)),
      "product_units_sold_has_deal_check",
    );
    await violates(
      db.insert(productUnits).values({ ...unit, dataHash: "other", state: "lost" as "sold" }),
      "product_units_state_check",
    );
    await violates(db.update(products).set({ inStock: -1 }).where(eq(products.id, product)), "products_in_stock_check");
    await violates(
      db
        .update(products)
        .set({ delivery: "post" as "auto" })
        .where(eq(products.id, product)),
      "products_delivery_check",
    );
  });

  it("keeps category names and slugs unique among siblings only", async () => {
    await violates(
      db.insert(categories).values({ name: "Dota 2 copy", nameRu: "Dota 2 copy", slug: "dota-2" }),
      "categories_parent_slug_key",
    );
    await violates(
      db.insert(categories).values({ name: "DOTA 2", nameRu: "DOTA 2", slug: "dota-two" }),
      "categories_parent_name_key",
    );
    const [other] = await db
      .insert(categories)
      .values({ name: "Valorant", nameRu: "Valorant", slug: "valorant" })
      .returning({ id: categories.id });
    await db.insert(categories).values([
      { name: "Accounts", nameRu: "Аккаунты", slug: "accounts", parentId: game },
      { name: "Accounts", nameRu: "Аккаунты", slug: "accounts", parentId: other!.id },
    ]);
    await violates(
      db.insert(categories).values({ name: "Accounts 2", nameRu: "Accounts 2", slug: "accounts", parentId: game }),
      "categories_parent_slug_key",
    );
  });
});

describe("listing and search indexes", () => {
  let subcategory: string;
  let otherKind: string;

  beforeAll(async () => {
    // Four games of three kinds of goods each, listings filed under a game or a kind (so a game holds a quarter of
    // the catalogue, a kind a sixteenth), a fifth of them off sale, written in no order of any sort key as a
    // marketplace's are, and analysed as migrations leave it: the planner must then pick each listing's own index
    // rather than a wider one it filters row by row, or a sort.
    const games = [
      game,
      ...(
        await db
          .insert(categories)
          .values(
            ["A", "B", "C"].map((letter) => ({
              name: `Game ${letter}`,
              nameRu: `Игра ${letter}`,
              slug: `game-${letter}`,
            })),
          )
          .returning({ id: categories.id })
      ).map((row) => row.id),
    ];
    const kinds = await db
      .insert(categories)
      .values(
        games.flatMap((parentId) =>
          ["Items", "Keys", "Gold"].map((name) => ({ name, nameRu: name, slug: name.toLowerCase(), parentId })),
        ),
      )
      .returning({ id: categories.id, parentId: categories.parentId });
    subcategory = kinds[0]!.id;
    otherKind = kinds[1]!.id;
    const filedUnder = [...games.map((id) => ({ id, parentId: id })), ...kinds];
    await db.execute(sql`
      insert into products (seller_id, category_id, game_id, title, description, price_kopecks, product_data_encrypted,
                            delivery, status, seller_rating, created_at, listed_at)
      select ${seller}, (${sql.param(filedUnder.map((category) => category.id))}::uuid[])[1 + n % 16],
             (${sql.param(filedUnder.map((category) => category.parentId))}::uuid[])[1 + n % 16], 'Listing ' || n,
             'Generated', 100 + (n * 7919) % 100000, 'v1:x', case when n % 3 = 0 then 'manual' else 'auto' end,
             case when n % 5 = 0 then 'withdrawn' else 'active' end, (n % 11) / 2.0,
             now() - (n * 104729 % 12007) * interval '1 hour', now() - (n * 7919 % 12007) * interval '1 minute'
      from generate_series(1, 12000) as n`);
    await db.execute(sql`analyze products`);
  });

  it("serve the admin's newest-first pages of one status without sorting", async () => {
    const plan = await planOf(
      sql`select id from products where status = 'active' and deleted_at is null order by created_at desc, id desc limit 30`,
    );
    expect(plan).toContain("products_status_created_idx");
    expect(plan).not.toMatch(/Sort/);
  });

  // Every public listing (products-listing.service.ts) as it queries: its scope on sale, the filters, the sort.
  const scopes = {
    all: { index: "products_on_sale", where: () => undefined },
    game: { index: "products_game_on_sale", where: () => eq(products.gameId, game) },
    category: { index: "products_category_on_sale", where: () => eq(products.categoryId, subcategory) },
  };
  const sortIndexes: Record<ProductSort, string> = {
    newest: "listed_idx",
    price_asc: "price_idx",
    price_desc: "price_idx",
    rating: "rating_idx",
  };
  // Filters that keep most of what is on sale, so walking the sort's index is the cheaper plan however they
  // narrow it; the filter a test sorts by also bounds the walk (a price range along the price index).
  const broadFilters: ListingFilters = { min_price: 2, max_price: 900, delivery: "auto", min_rating: 0.5 };
  const nobodyOnline: OnlineSellers = { listOnline: async () => [] };

  async function listingPlan(scope: keyof typeof scopes, sort: ProductSort, filters: ListingFilters, after?: string) {
    const query = db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          await onSale(db),
          scopes[scope].where(),
          ...(await filterConditions(filters, nobodyOnline)),
          after === undefined ? undefined : afterProduct(sort, after),
        ),
      )
      .orderBy(...listingOrder(sort))
      .limit(30);
    return planOf(query.getSQL());
  }

  // A hidden kind of goods (issue 23) leaves its products out of every listing but the index walk stays the same.
  describe.each([
    ["nothing", false],
    ["a kind of goods", true],
  ])("with %s hidden", (_, hideOne) => {
    beforeAll(async () => {
      await db.update(categories).set({ hidden: hideOne }).where(eq(categories.id, otherKind));
    });

    describe.each(Object.keys(scopes) as (keyof typeof scopes)[])("the %s listing", (scope) => {
      it.each(Object.keys(sortIndexes) as ProductSort[])(
        "walks its index in %s order without sorting",
        async (sort) => {
          const index = `${scopes[scope].index}_${sortIndexes[sort]}`;
          const [first] = await db
            .select({ id: products.id })
            .from(products)
            .where(and(await onSale(db), scopes[scope].where()))
            .orderBy(...listingOrder(sort))
            .limit(1);
          for (const plan of [await listingPlan(scope, sort, {}), await listingPlan(scope, sort, broadFilters)]) {
            expect(plan).toContain(index);
            expect(plan).not.toMatch(/Sort/);
          }
          // The page after a product starts in the index where that product is, as page 1 starts at its beginning.
          const after = await listingPlan(scope, sort, broadFilters, first!.id);
          expect(after).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index}`));
          expect(after).toMatch(/Index Cond: .*ROW\(/);
          expect(after).not.toMatch(/Sort/);
          // A category's own listing needs no such filter: its products are all of another kind.
          const leftOut = after.includes(`category_id <> '${otherKind}'`);
          expect(leftOut, "the hidden kind's products are left out").toBe(hideOne && scope !== "category");
        },
      );
    });
  });

  it("serve substring search on lower-cased titles and descriptions", async () => {
    expect(await planOf(sql`select id from products where lower(title) like '%rcan%'`)).toContain(
      "products_title_trgm_idx",
    );
    expect(await planOf(sql`select id from products where lower(description) like '%rcan%'`)).toContain(
      "products_description_trgm_idx",
    );
  });
});

describe("job queue indexes", () => {
  // platform/jobs/job-queue.ts claims a kind with a concurrency limit on its own; the plan must be that kind's range.
  it("find the due jobs of one kind without stepping over the other kinds' due jobs", async () => {
    const plan = await planOf(
      sql`select id from jobs where failed_at is null and run_at <= now() and kind in ('notifications.email') order by run_at limit 1`,
    );
    expect(plan).toContain("jobs_kind_due_idx");
    expect(plan).toMatch(/Index Cond: .*kind/);
  });
});
