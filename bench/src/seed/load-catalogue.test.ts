import { randomBytes } from "node:crypto";
import { dealSchema, productSchema } from "@lootlane/contract";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@lootlane/server/db/client";
import { categories, products, productUnits } from "@lootlane/server/db/schema/catalog";
import { messages } from "@lootlane/server/db/schema/chats";
import { deals } from "@lootlane/server/db/schema/deals";
import { users } from "@lootlane/server/db/schema/users";
import { presentDeal } from "@lootlane/server/modules/deals/deals.presenter";
import { loadDealViews } from "@lootlane/server/modules/deals/deals.views";
import { checkLedger } from "@lootlane/server/modules/ledger/ledger-check.service";
import { presentProduct } from "@lootlane/server/modules/products/products.presenter";
import { loadProductViews } from "@lootlane/server/modules/products/products.service";
import { createDataCipher } from "@lootlane/server/platform/crypto/data-cipher";
import { createTestDatabase } from "@lootlane/server/test/test-database";
import { BENCH_GOODS, loadBenchData } from "./load-catalogue.js";

/**
 * The generated database read back through the server's own queries and presenters: what its API would answer
 * about the listings, deals and money the generator wrote, as if the server had written them itself.
 */
describe("the bench data generator", () => {
  const dataKey = randomBytes(32);
  const cipher = createDataCipher(dataKey);
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadBenchData(database.db, {
      products: 400,
      sellers: 12,
      users: 40,
      deals: 90,
      seed: 3,
      dataKey,
      // A commission, so a release moves the seller's account twice as the server's payOut does.
      terms: { commissionPercent: 7.5, autoConfirmHours: 72 },
      log: () => undefined,
    });
  });
  afterAll(() => database?.close());

  it("leaves a ledger that passes the server's check", async () => {
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it("makes each listing an auto listing of one unit: its goods to the seller, sold out once bought", async () => {
    const rows = await database.db.select().from(products);
    const views = await loadProductViews(database.db, rows);
    const seen = views.map((view) =>
      productSchema.parse(presentProduct(view, { viewer: { id: view.product.sellerId, role: "user" }, cipher })),
    );
    for (const product of seen) {
      expect(product).toMatchObject({ delivery: "auto", product_data_string: BENCH_GOODS });
      expect(product.in_stock).toBe(product.is_sold ? 0 : 1);
    }
    expect(seen.filter((product) => product.is_sold)).toHaveLength(90);
  });

  it("files each listing under its category's game with its seller's rating, on sale since written once approved", async () => {
    const rows = await database.db
      .select({
        gameId: products.gameId,
        categoryId: categories.id,
        parentId: categories.parentId,
        sellerRating: products.sellerRating,
        rating: users.rating,
        status: products.status,
        createdAt: products.createdAt,
        listedAt: products.listedAt,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(users, eq(users.id, products.sellerId));
    expect(rows).toHaveLength(400);
    expect(new Set(rows.map((row) => row.rating)).size).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.gameId).toBe(row.parentId ?? row.categoryId);
      expect(row.sellerRating).toBe(row.rating);
      expect(row.listedAt).toEqual(["moderation", "rejected"].includes(row.status) ? null : row.createdAt);
    }
  });

  it("gives every deal its snapshot and the unit it took, as the buyer's deal shows them", async () => {
    const rows = await database.db.select().from(deals);
    const listings = new Map((await database.db.select().from(products)).map((row) => [row.id, row]));
    for (const view of await loadDealViews(database.db, rows)) {
      const deal = dealSchema.parse(presentDeal(view, cipher));
      const listing = listings.get(view.deal.productId)!;
      expect(deal).toMatchObject({
        product: { title: listing.title, status: listing.status },
        quantity: 1,
        delivery: "auto",
        items: [BENCH_GOODS],
      });
      expect(deal.unit_price).toBe(deal.price);
      expect(listing.status).toBe(deal.status === "completed" ? "completed" : "purchased");
    }
    const units = await database.db
      .select({ dealId: productUnits.dealId, soldAt: productUnits.soldAt, boughtAt: deals.createdAt })
      .from(productUnits)
      .innerJoin(deals, eq(deals.id, productUnits.dealId));
    expect(units).toHaveLength(90);
    expect(units.every((unit) => unit.soldAt?.getTime() === unit.boughtAt.getTime())).toBe(true);
  });

  it("puts each deal's purchase card and system messages on that deal, the members' own on none", async () => {
    const rows = await database.db
      .select({ type: messages.messageType, dealId: messages.dealId, chatDealId: deals.id })
      .from(messages)
      .innerJoin(deals, eq(deals.chatId, messages.chatId))
      .orderBy(asc(messages.createdAt));
    expect(rows.filter((row) => row.type === "purchase_info")).toHaveLength(90);
    for (const row of rows) expect(row.dealId).toBe(row.type === "text" ? null : row.chatDealId);
  });
});
