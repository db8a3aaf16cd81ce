import { createHash } from "node:crypto";
import {
  kopecksToRoubles,
  roublesToKopecks,
  type BuyRequest,
  type Deal,
  type PurchaseResult,
} from "@lootlane/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { idempotencyKeys } from "../../db/schema/admin.js";
import { products, type ProductStatus } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError } from "../../platform/errors/app-error.js";
import { catalogueChanged } from "../products/products.events.js";
import { hidesCategory } from "../categories/categories.service.js";
import type { Clock } from "../../platform/time/clock.js";
import { chatForPurchase } from "../chats/chats.service.js";
import { mayView, unitsOfDeals } from "../products/products.service.js";
import { startDeal, type DealTerms } from "./deals.lifecycle.js";
import { announceSale } from "./deals.notices.js";
import { scheduleAutoConfirmReminder } from "./deals.reminders.js";
import { loadDealView } from "./deals.views.js";
import { presentDeal } from "./deals.presenter.js";

export type DealDeps = { db: Db; clock: Clock; terms: DealTerms; cipher: DataCipher };

/** On sale, or sold out (bought to the last unit): a buy of the latter is refused as out of stock. */
const BUYABLE_OR_SOLD_OUT: readonly ProductStatus[] = ["active", "purchased", "completed"];

/** The answer of a buy, and the purchase card to push live (null when a retry replayed the first answer). */
export type Purchase = { result: PurchaseResult; messageId: string | null };

/**
 * POST /products/buy (ARCHITECTURE.md §4 "Deals and money", "Stock"): in one transaction, with the product row
 * locked so concurrent buyers of one listing take its stock one after another, checks the buyer may buy
 * `quantity` units, that in_stock covers them (else OUT_OF_STOCK, nothing charged), and pays price × quantity
 * into the new deal's escrow. A price the buyer saw is compared under that lock, so a seller's change of price
 * committed before it is refused with PRICE_CHANGED and one after it waits for the buy. With an Idempotency-Key
 * the first answer is stored with the deal and replayed to every retry, which moves no money; a key reused for
 * another product, price seen or quantity is refused.
 */
export async function buyProduct(
  deps: DealDeps,
  buyer: AuthUser,
  { product_id: productId, price, quantity }: BuyRequest,
  idempotencyKey: string | undefined,
): Promise<Purchase> {
  const purchase = await deps.db.transaction(async (tx): Promise<Purchase> => {
    if (idempotencyKey !== undefined) {
      const replayed = await claimKey(tx, buyer.id, idempotencyKey, requestHash(productId, price, quantity));
      if (replayed) return { result: await withItems(tx, deps.cipher, replayed), messageId: null };
    }
    // The product and the buyer locked in one statement, with whether the product's category is hidden, in the lock order (product → users, deals.lifecycle.ts);
    // NO KEY UPDATE for the reason in ledger.service.ts.
    const [locked] = await tx
      .select({
        product: products,
        buyer: {
          isBanned: users.isBanned,
          hasFrozenBalance: users.hasFrozenBalance,
          balanceKopecks: users.balanceKopecks,
        },
        categoryHidden: hidesCategory(sql`${products}.${sql.identifier(products.categoryId.name)}`),
      })
      .from(products)
      .innerJoin(users, eq(users.id, buyer.id))
      .where(eq(products.id, productId))
      .for("no key update");
    const product = locked?.product;
    if (!product || !mayView(product, buyer)) throw new AppError("PRODUCT_NOT_FOUND");
    // Issue 23: nothing under a hidden category is sold; only admins still see such a product at all.
    if (locked.categoryHidden)
      throw new AppError(buyer.role === "admin" ? "PRODUCT_NOT_AVAILABLE" : "PRODUCT_NOT_FOUND");
    if (product.deletedAt !== null || !BUYABLE_OR_SOLD_OUT.includes(product.status))
      throw new AppError("PRODUCT_NOT_AVAILABLE");
    if (product.sellerId === buyer.id) throw new AppError("CANNOT_BUY_OWN_PRODUCT");
    if (price !== undefined && roublesToKopecks(price) !== product.priceKopecks) throw new AppError("PRICE_CHANGED");
    // A sold-out listing (no stock left) refuses as one with too little left does.
    if (product.status !== "active" || product.inStock < quantity) throw new AppError("OUT_OF_STOCK");
    const account = locked!.buyer;
    if (account.isBanned) throw new AppError("USER_IS_BANNED");
    if (account.hasFrozenBalance) throw new AppError("BALANCE_IS_FROZEN");
    if (account.balanceKopecks < product.priceKopecks * quantity) throw new AppError("NOT_ENOUGH_BALANCE");

    const at = deps.clock();
    const chat = await chatForPurchase(tx, { productId, buyerId: buyer.id, sellerId: product.sellerId });
    const started = await startDeal(tx, {
      product,
      quantity,
      buyerId: buyer.id,
      chatId: chat.id,
      idempotencyKey: idempotencyKey ?? null,
      terms: deps.terms,
      at,
    });
    await announceSale(
      tx,
      started.deal,
      {
        buyerUsername: buyer.username,
        deliveredUnits: started.deliveredUnits,
        stockLeft: product.inStock - quantity,
      },
      at,
    );
    await scheduleAutoConfirmReminder(tx, started.deal, at);
    // Built here rather than by the route: with a key, this exact answer is what every retry gets back.
    const result: PurchaseResult = {
      deal: presentDeal(await loadDealView(tx, started.deal.id), deps.cipher),
      chat_id: chat.id,
      balance: kopecksToRoubles(started.buyerBalanceKopecks),
    };
    if (idempotencyKey !== undefined) {
      // Stored without the units: they are secrets, kept encrypted with the stock and read again on a replay.
      await tx
        .update(idempotencyKeys)
        .set({ response: { ...result, deal: { ...result.deal, items: [] } } })
        .where(and(eq(idempotencyKeys.userId, buyer.id), eq(idempotencyKeys.key, idempotencyKey)));
    }
    return { result, messageId: started.messageId };
  });
  // A replayed answer moved nothing; a purchase changed the listing's stock (and may have sold it out).
  if (purchase.messageId !== null) catalogueChanged(deps.db);
  return purchase;
}

/**
 * Takes the key for this request, or answers the stored first answer when a request with it already committed.
 * A concurrent request holding the key makes the insert wait until it commits (then this one replays) or rolls
 * back (then this one takes the key), so retries racing each other still buy once.
 */
async function claimKey(tx: Db, userId: string, key: string, hash: string): Promise<PurchaseResult | undefined> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) return undefined;
  const [first] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (first!.requestHash !== hash) throw new AppError("IDEMPOTENCY_KEY_REUSED");
  return first!.response as PurchaseResult;
}

/**
 * The first answer again, with the units its deal took (stored without them). An answer stored before deals had
 * quantities was for one unit at its price, delivered automatically.
 */
async function withItems(tx: Db, cipher: DataCipher, stored: PurchaseResult): Promise<PurchaseResult> {
  const units = (await unitsOfDeals(tx, [stored.deal.id])).get(stored.deal.id) ?? [];
  const { unit_price = stored.deal.price, quantity = 1, delivery = "auto" } = stored.deal as Partial<Deal>;
  const items = units.map((unit) => cipher.decrypt(unit));
  return { ...stored, deal: { ...stored.deal, unit_price, quantity, delivery, items } };
}

// Without a price, and for one unit, the hash is the one keys stored before buys carried a price or a quantity,
// so their retries still replay.
function requestHash(productId: string, price: number | undefined, quantity: number): string {
  const request = `POST /products/buy ${productId}${price === undefined ? "" : ` at ${price}`}${quantity === 1 ? "" : ` × ${quantity}`}`;
  return createHash("sha256").update(request).digest("hex");
}
