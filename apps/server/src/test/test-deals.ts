import { eq } from "drizzle-orm";
import { products, productUnits, type ProductStatus, type Product } from "../db/schema/catalog.js";
import { chats, type Chat } from "../db/schema/chats.js";
import { deals, type Deal, type DealStatus } from "../db/schema/deals.js";
import type { TestApp } from "./test-app.js";
import { createTestGame, createTestProduct } from "./test-catalog.js";

export type TestDealValues = {
  sellerId: string;
  buyerId: string;
  /** `completed` unless told. */
  status?: DealStatus;
  /** The product's category; a new game when not given. */
  categoryId?: string;
  title?: string;
  priceKopecks?: number;
  /** When the deal was bought; a closed deal closed an hour later. */
  createdAt?: Date;
};

export type TestDeal = { deal: Deal; product: Product; chat: Chat };

// The product's status that goes with each deal status (ARCHITECTURE.md §4 "Product lifecycle").
const productStatusOf: Record<DealStatus, ProductStatus> = {
  purchased: "purchased",
  disputed: "purchased",
  completed: "completed",
  refunded: "refunded",
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * A deal straight in the database with its sold product and the buyer's chat, `completed` unless told. It moves
 * no money and writes no ledger rows, so the ledger check still passes: enough for reviews and listings, not for
 * anything that pays out or refunds.
 */
export async function createTestDeal(
  t: Pick<TestApp, "database" | "config">,
  values: TestDealValues,
): Promise<TestDeal> {
  const { db } = t.database;
  const { sellerId, buyerId, status = "completed", priceKopecks = 100_00, createdAt = new Date() } = values;
  const categoryId = values.categoryId ?? (await createTestGame(db)).id;
  const closed = status === "completed" || status === "refunded";
  const product = await createTestProduct(t, {
    sellerId,
    categoryId,
    priceKopecks,
    status: productStatusOf[status],
    ...(values.title === undefined ? {} : { title: values.title }),
  });
  const [chat] = await db.insert(chats).values({ productId: product.id, buyerId, sellerId, createdAt }).returning();
  const [deal] = await db
    .insert(deals)
    .values({
      productId: product.id,
      buyerId,
      sellerId,
      chatId: chat!.id,
      priceKopecks,
      productTitle: product.title,
      unitPriceKopecks: priceKopecks,
      status,
      createdAt,
      autoConfirmAt: new Date(createdAt.getTime() + 72 * HOUR_MS),
      completedAt: closed ? new Date(createdAt.getTime() + HOUR_MS) : null,
    })
    .returning();
  // The product's one unit went to the buyer, as a purchase would have delivered it.
  await db
    .update(productUnits)
    .set({ state: "sold", dealId: deal!.id, soldAt: createdAt })
    .where(eq(productUnits.productId, product.id));
  const [soldOut] = await db.update(products).set({ inStock: 0 }).where(eq(products.id, product.id)).returning();
  return { deal: deal!, product: soldOut!, chat: chat! };
}
