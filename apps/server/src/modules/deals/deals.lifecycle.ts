import type { DealEvent, DisputeReason, DisputeResolution } from "@lootlane/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { Product as ProductRow, ProductStatus } from "../../db/schema/catalog.js";
import { deals, disputes, type Deal as DealRow, type DealStatus } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import { AppError } from "../../platform/errors/app-error.js";
import { insertDealMessage } from "../chats/chats.service.js";
import { postLedgerTransaction } from "../ledger/ledger.service.js";
import { guaranteeDaysOf } from "../categories/categories.service.js";
import { hasOpenDeal, lockDealProduct, restock, setProductStatus, takeStock } from "../products/products.service.js";
import { announceCompletion, announceDispute, announceResolution } from "./deals.notices.js";
import {
  guaranteeDue,
  inGuaranteeWindow,
  payOutDeal,
  refundFromGuarantee,
  releaseGuarantee,
} from "./deals-guarantee.service.js";

/*
 * The deal state machine (ARCHITECTURE.md §4 "Deal lifecycle"), the one place a deal changes status. Each
 * function runs inside the caller's transaction on a deal the caller locked (lockDeal), checks the move against
 * DEAL_TRANSITIONS, moves the money with its ledger rows, updates the product, posts the deal's message and
 * notifies its people (deals.notices.ts), so all of it commits or none does. Lock order: deal → product → users → ledger accounts (see ledger.service.ts).
 *
 * A listing sells many times (ARCHITECTURE.md §4 "Stock"): a purchase takes `quantity` units and the listing is
 * sold out (`purchased`) when none is left; it is `completed` once it is sold out and none of its deals is open.
 * A refund never puts back what its buyer has seen: delivered units stay sold, so "back on sale" returns only a
 * manual listing's quantity, and a listing with nothing to sell stays sold out (`refunded`).
 *
 * The guarantee after receipt (issue 22, deals-guarantee.service.ts): a deal completed in a category with a
 * guarantee pays its seller into held money until `guarantee_until`; until then its buyer may dispute it again
 * (`completed` → `disputed`). Such a dispute released puts it back to `completed` with the money still held (paid
 * out at once if the window has passed meanwhile); refunded, the buyer gets the price back from the held money.
 */

type Transition = { from: DealStatus; to: DealStatus; event: DealEvent };

/** Every move a deal can make once a purchase has created it in `purchased`. */
const DEAL_TRANSITIONS = {
  confirm: { from: "purchased", to: "completed", event: "confirmed" },
  autoConfirm: { from: "purchased", to: "completed", event: "auto_confirmed" },
  openDispute: { from: "purchased", to: "disputed", event: "dispute_opened" },
  openGuaranteeDispute: { from: "completed", to: "disputed", event: "dispute_opened" },
  release: { from: "disputed", to: "completed", event: "released" },
  refund: { from: "disputed", to: "refunded", event: "refunded" },
} as const satisfies Record<string, Transition>;

type DealTransition = keyof typeof DEAL_TRANSITIONS;

/** What a move stored: the deal as it is now, and its message to push live once the transaction commits. */
export type DealChange = { deal: DealRow; messageId: string };

export type DealTerms = { commissionPercent: number; autoConfirmHours: number };

export type NewDeal = {
  product: Pick<ProductRow, "id" | "sellerId" | "priceKopecks" | "title" | "delivery">;
  quantity: number;
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
 * The purchase: a new deal in `purchased` for `quantity` units at the product's price, the total moved from the
 * buyer into the deal's escrow, the units taken (products-stock.service.ts), the purchase card posted. The caller
 * has locked the product and checked that it may be bought and that in_stock covers `quantity`. Answers the
 * buyer's balance after paying and the numbers of the units delivered besides the change.
 */
export async function startDeal(
  tx: Db,
  input: NewDeal,
): Promise<DealChange & { buyerBalanceKopecks: number; deliveredUnits: number[] }> {
  const { product, quantity, buyerId, terms, at } = input;
  const priceKopecks = product.priceKopecks * quantity;
  const [deal] = await tx
    .insert(deals)
    .values({
      productId: product.id,
      buyerId,
      sellerId: product.sellerId,
      chatId: input.chatId,
      priceKopecks,
      productTitle: product.title,
      unitPriceKopecks: product.priceKopecks,
      quantity,
      delivery: product.delivery,
      commissionKopecks: commissionOf(priceKopecks, terms.commissionPercent),
      status: "purchased",
      autoConfirmAt: new Date(at.getTime() + terms.autoConfirmHours * HOUR_MS),
      idempotencyKey: input.idempotencyKey,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const deliveredUnits = await takeStock(tx, product, { id: deal!.id, quantity }, at);
  const { userBalances } = await postLedgerTransaction(tx, {
    kind: "purchase",
    dealId: deal!.id,
    actorId: buyerId,
    at,
    entries: [
      { account: { kind: "user_available", userId: buyerId }, amountKopecks: -priceKopecks },
      { account: { kind: "deal_escrow", dealId: deal!.id }, amountKopecks: priceKopecks },
    ],
  });
  const message = await insertDealMessage(tx, deal!, "purchase_info", PURCHASE_MESSAGE_TEXT, at);
  return { deal: deal!, messageId: message.id, buyerBalanceKopecks: userBalances.get(buyerId)!, deliveredUnits };
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
  const change = await move(tx, deal, by.automatic ? "autoConfirm" : "confirm", by.at);
  await completeIfSettled(tx, deal, by.at);
  const paid = await payOut(tx, change.deal, by.actorId, by.at);
  await announceCompletion(tx, paid, by.automatic, by.at);
  return { ...change, deal: paid };
}

/**
 * The buyer reports a problem: the money stays in escrow (or, on a completed deal inside its guarantee window,
 * held) and the sweeper leaves the deal alone. A completed deal without a window, or past it, refuses.
 */
export async function openDispute(
  tx: Db,
  deal: DealRow,
  input: { reason: DisputeReason; text: string; at: Date },
): Promise<DealChange> {
  const afterReceipt = deal.status === "completed";
  if (afterReceipt && !inGuaranteeWindow(deal, input.at)) throw new AppError("INVALID_DEAL_STATUS");
  const change = await move(tx, deal, afterReceipt ? "openGuaranteeDispute" : "openDispute", input.at);
  await tx
    .insert(disputes)
    .values({ dealId: deal.id, openedBy: deal.buyerId, reason: input.reason, text: input.text, createdAt: input.at });
  await announceDispute(tx, deal, input.at);
  return change;
}

/**
 * An admin decides a dispute: `release` pays the seller as a confirmation would; `refund` returns the price to
 * the buyer and puts back on sale what nobody saw, or withdraws the listing.
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
  let change = await move(tx, deal, resolution, at);
  // A deal disputed after receipt was paid out already, into held money: it has its window.
  const held = deal.guaranteeUntil !== null;
  if (resolution === "release" && held) {
    if (guaranteeDue(change.deal, at))
      change = { ...change, deal: await releaseGuarantee(tx, change.deal, adminId, at) };
  } else if (resolution === "release") {
    await completeIfSettled(tx, deal, at);
    change = { ...change, deal: await payOut(tx, change.deal, adminId, at) };
  } else {
    await productAfterRefund(tx, deal, input.productStatus, at);
    await (held ? refundFromGuarantee : refundBuyer)(tx, deal, adminId, at);
  }
  await tx
    .update(disputes)
    .set({ status: "resolved", resolution, resolvedBy: adminId, resolvedAt: at })
    .where(and(eq(disputes.dealId, deal.id), eq(disputes.status, "open")));
  await announceResolution(tx, deal, resolution, at);
  return change;
}

/**
 * The sweeper ends a guarantee whose window has passed: the seller's held earnings become available. A deal
 * disputed meanwhile is not `completed` and so is left held until its dispute is decided.
 */
export async function endGuarantee(tx: Db, deal: DealRow, at: Date): Promise<DealRow> {
  if (deal.status !== "completed" || !guaranteeDue(deal, at)) throw new AppError("INVALID_DEAL_STATUS");
  return releaseGuarantee(tx, deal, null, at);
}

/** A deal has closed (already stored): its sold-out listing is `completed` once none of its deals is open. */
async function completeIfSettled(tx: Db, deal: DealRow, at: Date): Promise<void> {
  const product = await lockDealProduct(tx, deal.productId);
  if (product.status === "purchased" && product.inStock === 0 && !(await hasOpenDeal(tx, deal.productId)))
    await setProductStatus(tx, deal.productId, "completed", at);
}

/**
 * The listing after a refund (already stored). `withdrawn` takes it off sale. "Back on sale" puts back only what
 * nobody saw: a manual deal's quantity returns to stock, an auto deal's units stay sold. A sold-out listing goes
 * back on sale if that leaves stock (`suspended` instead while its seller is banned, for the unban to put back),
 * else stays sold out: `purchased` while another deal of it is open, else `refunded`. A listing not sold out
 * (on sale, paused, in moderation) keeps its status.
 */
async function productAfterRefund(
  tx: Db,
  deal: DealRow,
  wanted: Extract<ProductStatus, "active" | "withdrawn">,
  at: Date,
): Promise<void> {
  const product = await lockDealProduct(tx, deal.productId);
  if (wanted === "withdrawn") return setProductStatus(tx, product.id, "withdrawn", at);
  const inStock = deal.delivery === "manual" ? await restock(tx, product.id, deal.quantity) : product.inStock;
  if (!(SOLD_OUT as readonly string[]).includes(product.status)) return;
  let status: ProductStatus;
  if (inStock > 0) {
    const [seller] = await tx.select({ isBanned: users.isBanned }).from(users).where(eq(users.id, deal.sellerId));
    status = seller?.isBanned ? "suspended" : "active";
  } else status = (await hasOpenDeal(tx, product.id)) ? "purchased" : "refunded";
  await setProductStatus(tx, product.id, status, at);
}

const SOLD_OUT = ["purchased", "completed", "refunded"] as const satisfies readonly ProductStatus[];

/** The price the platform keeps: COMMISSION_PERCENT of the price, rounded down to whole kopecks. */
function commissionOf(priceKopecks: number, percent: number): number {
  // toFixed drops the binary noise of fractional percents (e.g. 0.29 × 100) before rounding down.
  return Math.floor(Number(((priceKopecks * percent) / 100).toFixed(6)));
}

/** Checks the move, then stores the new status and the deal's message. */
async function move(tx: Db, deal: DealRow, name: DealTransition, at: Date): Promise<DealChange> {
  const transition: Transition = DEAL_TRANSITIONS[name];
  if (deal.status !== transition.from) throw new AppError("INVALID_DEAL_STATUS");
  const [updated] = await tx
    .update(deals)
    // A deal released after a dispute in its guarantee window keeps when it was first completed.
    .set({
      status: transition.to,
      updatedAt: at,
      ...(transition.to === "completed" && deal.completedAt === null ? { completedAt: at } : {}),
    })
    .where(eq(deals.id, deal.id))
    .returning();
  const message = await insertDealMessage(tx, deal, "system", transition.event, at);
  return { deal: updated!, messageId: message.id };
}

/**
 * The seller is paid (deals-guarantee.service.ts): held until the guarantee of the product's category ends, or at
 * once without one. The category is read now, at completion.
 */
async function payOut(tx: Db, deal: DealRow, actorId: string | null, at: Date): Promise<DealRow> {
  const product = await lockDealProduct(tx, deal.productId);
  const guaranteeDays = await guaranteeDaysOf(tx, product.categoryId);
  return payOutDeal(tx, deal, { actorId, at, guaranteeDays });
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
