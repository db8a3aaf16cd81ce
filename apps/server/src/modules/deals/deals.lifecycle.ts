import type { DealEvent, DisputeReason, DisputeResolution } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { Product as ProductRow, ProductStatus } from "../../db/schema/catalog.js";
import { deals, disputes, type Deal as DealRow, type DealStatus } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import { AppError } from "../../platform/errors/app-error.js";
import { insertDealMessage } from "../chats/chats.service.js";
import { postLedgerTransaction } from "../ledger/ledger.service.js";
import { setProductStatus } from "../products/products.service.js";

/*
 * The deal state machine (ARCHITECTURE.md §4 "Deal lifecycle"), the one place a deal changes status. Each
 * function runs inside the caller's transaction on a deal the caller locked (lockDeal), checks the move against
 * DEAL_TRANSITIONS, moves the money with its ledger rows, updates the product and posts the deal's message, so
 * all of it commits or none does. Lock order: deal → product → users → ledger accounts (see ledger.service.ts).
 */

type Transition = { from: DealStatus; to: DealStatus; event: DealEvent };

/** Every move a deal can make once a purchase has created it in `purchased`. */
const DEAL_TRANSITIONS = {
  confirm: { from: "purchased", to: "completed", event: "confirmed" },
  autoConfirm: { from: "purchased", to: "completed", event: "auto_confirmed" },
  openDispute: { from: "purchased", to: "disputed", event: "dispute_opened" },
  release: { from: "disputed", to: "completed", event: "released" },
  refund: { from: "disputed", to: "refunded", event: "refunded" },
} as const satisfies Record<string, Transition>;

type DealTransition = keyof typeof DEAL_TRANSITIONS;

/** What a move stored: the deal as it is now, and its message to push live once the transaction commits. */
export type DealChange = { deal: DealRow; messageId: string };

export type DealTerms = { commissionPercent: number; autoConfirmHours: number };

export type NewDeal = {
  product: Pick<ProductRow, "id" | "sellerId" | "priceKopecks">;
  buyerId: string;
  chatId: string;
  idempotencyKey: string | null;
  terms: DealTerms;
  at: Date;
};

const HOUR_MS = 3_600_000;

/** The purchase message's text; the card itself is the chat's product. */
const PURCHASE_MESSAGE_TEXT = "purchase";

/**
 * The purchase: a new deal in `purchased`, the price moved from the buyer into the deal's escrow, the product
 * `purchased`, the purchase card posted. The caller has locked the product and checked that it may be bought.
 * Answers the buyer's balance after paying besides the change.
 */
export async function startDeal(tx: Db, input: NewDeal): Promise<DealChange & { buyerBalanceKopecks: number }> {
  const { product, buyerId, terms, at } = input;
  // The product is marked sold by the same statement that creates its deal.
  const sold = tx.$with("sold").as(setProductStatus(tx, product.id, "purchased", at));
  const [deal] = await tx
    .with(sold)
    .insert(deals)
    .values({
      productId: product.id,
      buyerId,
      sellerId: product.sellerId,
      chatId: input.chatId,
      priceKopecks: product.priceKopecks,
      commissionKopecks: commissionOf(product.priceKopecks, terms.commissionPercent),
      status: "purchased",
      autoConfirmAt: new Date(at.getTime() + terms.autoConfirmHours * HOUR_MS),
      idempotencyKey: input.idempotencyKey,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const { userBalances } = await postLedgerTransaction(tx, {
    kind: "purchase",
    dealId: deal!.id,
    actorId: buyerId,
    at,
    entries: [
      { account: { kind: "user_available", userId: buyerId }, amountKopecks: -product.priceKopecks },
      { account: { kind: "deal_escrow", dealId: deal!.id }, amountKopecks: product.priceKopecks },
    ],
  });
  const message = await insertDealMessage(tx, input.chatId, "purchase_info", PURCHASE_MESSAGE_TEXT, at);
  return { deal: deal!, messageId: message.id, buyerBalanceKopecks: userBalances.get(buyerId)! };
}

/** The deal locked for a move until the transaction ends, or undefined when there is no such deal. */
export async function lockDeal(tx: Db, dealId: string): Promise<DealRow | undefined> {
  const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for("update");
  return deal;
}

/** The buyer confirms receipt, or the sweeper does for them when the time is up: the seller is paid. */
export async function confirmDeal(
  tx: Db,
  deal: DealRow,
  by: { actorId: string | null; automatic: boolean; at: Date },
): Promise<DealChange> {
  const change = await move(tx, deal, by.automatic ? "autoConfirm" : "confirm", by.at, "completed");
  await payOut(tx, deal, by.actorId, by.at);
  return change;
}

/** The buyer reports a problem: the money stays in escrow and the sweeper leaves the deal alone. */
export async function openDispute(
  tx: Db,
  deal: DealRow,
  input: { reason: DisputeReason; text: string; at: Date },
): Promise<DealChange> {
  const change = await move(tx, deal, "openDispute", input.at);
  await tx
    .insert(disputes)
    .values({ dealId: deal.id, openedBy: deal.buyerId, reason: input.reason, text: input.text, createdAt: input.at });
  return change;
}

/**
 * An admin decides a dispute: `release` pays the seller as a confirmation would; `refund` returns the price to
 * the buyer and puts the product back on sale or withdraws it.
 */
export async function resolveDispute(
  tx: Db,
  deal: DealRow,
  input: {
    resolution: DisputeResolution;
    productStatus: Extract<ProductStatus, "active" | "withdrawn">;
    adminId: string;
    at: Date;
  },
): Promise<DealChange> {
  const { resolution, adminId, at } = input;
  const productStatus =
    resolution === "release" ? "completed" : await refundedProductStatus(tx, deal.sellerId, input.productStatus);
  const change = await move(tx, deal, resolution, at, productStatus);
  if (resolution === "release") await payOut(tx, deal, adminId, at);
  else await refundBuyer(tx, deal, adminId, at);
  await tx
    .update(disputes)
    .set({ status: "resolved", resolution, resolvedBy: adminId, resolvedAt: at })
    .where(eq(disputes.dealId, deal.id));
  return change;
}

/** A banned seller's product stays off sale (`suspended`) after a refund, until the unban puts it back with the rest. */
async function refundedProductStatus(
  tx: Db,
  sellerId: string,
  wanted: Extract<ProductStatus, "active" | "withdrawn">,
): Promise<ProductStatus> {
  if (wanted !== "active") return wanted;
  const [seller] = await tx.select({ isBanned: users.isBanned }).from(users).where(eq(users.id, sellerId));
  return seller?.isBanned ? "suspended" : "active";
}

/** The price the platform keeps: COMMISSION_PERCENT of the price, rounded down to whole kopecks. */
function commissionOf(priceKopecks: number, percent: number): number {
  // toFixed drops the binary noise of fractional percents (e.g. 0.29 × 100) before rounding down.
  return Math.floor(Number(((priceKopecks * percent) / 100).toFixed(6)));
}

/** Checks the move, then stores the new status, the product's (when it changes) and the deal's message. */
async function move(
  tx: Db,
  deal: DealRow,
  name: DealTransition,
  at: Date,
  productStatus?: ProductStatus,
): Promise<DealChange> {
  const transition: Transition = DEAL_TRANSITIONS[name];
  if (deal.status !== transition.from) throw new AppError("INVALID_DEAL_STATUS");
  const [updated] = await tx
    .update(deals)
    .set({ status: transition.to, updatedAt: at, ...(transition.to === "completed" ? { completedAt: at } : {}) })
    .where(eq(deals.id, deal.id))
    .returning();
  if (productStatus) await setProductStatus(tx, deal.productId, productStatus, at);
  const message = await insertDealMessage(tx, deal.chatId, "system", transition.event, at);
  return { deal: updated!, messageId: message.id };
}

/**
 * Escrow → seller, then the commission from the seller to the platform: one `release` transaction. The seller's
 * two entries (the price in, the commission out) are what their statement shows as the sale and its commission.
 */
function payOut(tx: Db, deal: DealRow, actorId: string | null, at: Date) {
  const seller = { kind: "user_available", userId: deal.sellerId } as const;
  return postLedgerTransaction(tx, {
    kind: "release",
    dealId: deal.id,
    actorId,
    at,
    entries: [
      { account: { kind: "deal_escrow", dealId: deal.id }, amountKopecks: -deal.priceKopecks },
      { account: seller, amountKopecks: deal.priceKopecks },
      { account: seller, amountKopecks: -deal.commissionKopecks },
      { account: { kind: "platform_fees" }, amountKopecks: deal.commissionKopecks },
    ],
  });
}

/** Escrow → buyer, the whole price: one `refund` transaction. */
function refundBuyer(tx: Db, deal: DealRow, actorId: string, at: Date) {
  return postLedgerTransaction(tx, {
    kind: "refund",
    dealId: deal.id,
    actorId,
    at,
    entries: [
      { account: { kind: "deal_escrow", dealId: deal.id }, amountKopecks: -deal.priceKopecks },
      { account: { kind: "user_available", userId: deal.buyerId }, amountKopecks: deal.priceKopecks },
    ],
  });
}
