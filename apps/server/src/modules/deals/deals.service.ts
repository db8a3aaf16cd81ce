import type { Deal, OpenDisputeRequest, PageQuery } from "@lootlane/contract";
import { and, asc, desc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { deals, openDealStatuses } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError } from "../../platform/errors/app-error.js";
import { confirmDeal, lockDeal, openDispute } from "./deals.lifecycle.js";
import { dealViewsByIds, latestChatDealView, loadDealView, loadDealViews, type DealView } from "./deals.views.js";
import { presentDeal } from "./deals.presenter.js";
import type { DealDeps } from "./deals-purchase.service.js";
import { sellerStatsChanged } from "../users/users.events.js";

export type { DealTerms } from "./deals.lifecycle.js";

/**
 * The deal a chat shows on its purchase card and product (a refunded product may be bought again in the same
 * chat, so the latest), or null before any. The chats module is given this at start-up rather than importing
 * deals, which import chats to open a purchase's chat and post its messages.
 */
export async function latestDealOfChat(db: Db, chatId: string, cipher: DataCipher): Promise<Deal | null> {
  const view = await latestChatDealView(db, chatId);
  return view && presentDeal(view, cipher);
}

/**
 * The deals a chat's purchase cards are about, by id, as their answers show them: each card shows its own deal,
 * however many purchases one chat holds. Given to the chats module at start-up, as latestDealOfChat is.
 */
export async function dealsByIds(db: Db, dealIds: readonly string[], cipher: DataCipher): Promise<Map<string, Deal>> {
  return new Map((await dealViewsByIds(db, dealIds)).map((view) => [view.deal.id, presentDeal(view, cipher)]));
}

/** A deal after a move, and its message to push live (null when the call changed nothing). */
export type DealOutcome = { view: DealView; messageId: string | null };

/**
 * PATCH /products/confirm-receipt: the buyer of the product's deal confirms it and the seller is paid. A buyer
 * may hold several deals of one listing; the spec's call names the product, so it confirms the oldest still
 * waiting, one per call. A repeat once none waits (or a confirmation after the sweeper's) answers the latest
 * deal and pays nothing.
 */
export async function confirmReceipt(deps: DealDeps, buyer: AuthUser, productId: string): Promise<DealOutcome> {
  const outcome = await deps.db.transaction(async (tx) => {
    const ofBuyer = and(eq(deals.productId, productId), eq(deals.buyerId, buyer.id));
    const [waiting] = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(and(ofBuyer, eq(deals.status, "purchased")))
      .orderBy(asc(deals.createdAt), asc(deals.id))
      .limit(1);
    const [own] = waiting
      ? [waiting]
      : await tx
          .select({ id: deals.id })
          .from(deals)
          .where(ofBuyer)
          .orderBy(desc(deals.createdAt), desc(deals.id))
          .limit(1);
    if (!own) {
      const [someone] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.productId, productId)).limit(1);
      throw new AppError(someone ? "INSUFFICIENT_PERMISSIONS" : "DEAL_NOT_FOUND");
    }
    const deal = (await lockDeal(tx, own.id))!;
    if (deal.status === "completed") return { dealId: deal.id, messageId: null };
    const change = await confirmDeal(tx, deal, { actorId: buyer.id, automatic: false, at: deps.clock() });
    return { dealId: deal.id, messageId: change.messageId };
  });
  const view = await loadDealView(deps.db, outcome.dealId);
  if (outcome.messageId !== null) sellerStatsChanged(deps.db, view.seller.id);
  return { view, messageId: outcome.messageId };
}

/** POST /deals/{id}/dispute: the buyer reports a deal still in `purchased`; the money stays in escrow. */
export async function reportDeal(
  deps: DealDeps,
  buyer: AuthUser,
  dealId: string,
  input: OpenDisputeRequest,
): Promise<DealOutcome> {
  const messageId = await deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (!deal) throw new AppError("DEAL_NOT_FOUND");
    if (deal.buyerId !== buyer.id) throw new AppError("INSUFFICIENT_PERMISSIONS");
    return (await openDispute(tx, deal, { ...input, at: deps.clock() })).messageId;
  });
  const view = await loadDealView(deps.db, dealId);
  // Raised for every dispute, though only one opened in the guarantee window takes the deal out of the seller's
  // completed ones: a needless signal costs one seller's stats a query, telling the two apart here costs a read.
  sellerStatsChanged(deps.db, view.seller.id);
  return { view, messageId };
}

/** GET /users/{id}/purchases and /sales: a user's deals as buyer or seller, newest first; themself or an admin. */
export async function listUserDeals(
  db: Db,
  viewer: AuthUser,
  userId: string,
  side: "buyer" | "seller",
  { page, per_page }: PageQuery,
): Promise<DealView[]> {
  if (viewer.id !== userId) {
    if (viewer.role !== "admin") throw new AppError("INSUFFICIENT_PERMISSIONS");
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError("USER_NOT_FOUND");
  }
  const rows = await db
    .select()
    .from(deals)
    .where(eq(side === "buyer" ? deals.buyerId : deals.sellerId, userId))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(per_page)
    .offset((page - 1) * per_page);
  return loadDealViews(db, rows);
}

/** Whether a deal of the user has money not settled yet: open, disputed, or completed with earnings still held. */
export async function hasUnsettledDeals(db: Db, userId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(
        or(eq(deals.buyerId, userId), eq(deals.sellerId, userId)),
        or(
          inArray(deals.status, [...openDealStatuses]),
          and(eq(deals.status, "completed"), isNotNull(deals.guaranteeUntil), isNull(deals.guaranteeReleasedAt)),
        ),
      ),
    )
    .limit(1);
  return open !== undefined;
}
