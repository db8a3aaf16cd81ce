import {
  kopecksToRoubles,
  STOCK_LOW_THRESHOLD,
  type DisputeResolution,
  type NotificationEvent,
} from "@lootlane/contract";
import type { Db } from "../../db/client.js";
import type { Deal as DealRow } from "../../db/schema/deals.js";
import type { Clock } from "../../platform/time/clock.js";
import { notify, notifyEach } from "../notifications/notifications.service.js";
import { webhookJob } from "../webhooks/webhooks.service.js";

/*
 * What a deal's people are told of its moves (issue 20), written in the transaction of the move itself, so a move
 * that rolls back tells nobody. Each is dated the move's own moment.
 */

type Notice = { userId: string; event: NotificationEvent };

const momentOf =
  (at: Date): Clock =>
  () =>
    at;

/**
 * The purchase: the seller sold (and which units went out by themselves); the buyer of auto goods has them.
 * Written together, as the purchase holds the listing's row that concurrent buyers wait for. A purchase that
 * takes an auto listing's stock below STOCK_LOW_THRESHOLD tells the seller's webhooks (`stock.low`), once per fall.
 */
export function announceSale(
  tx: Db,
  deal: DealRow,
  sale: { buyerUsername: string; deliveredUnits: number[]; stockLeft: number },
  at: Date,
): Promise<void> {
  const about = {
    deal_id: deal.id,
    chat_id: deal.chatId,
    product_id: deal.productId,
    product_title: deal.productTitle,
  };
  const sold: Notice = {
    userId: deal.sellerId,
    event: {
      event: "sale",
      params: {
        ...about,
        quantity: deal.quantity,
        amount: kopecksToRoubles(deal.priceKopecks),
        buyer_username: sale.buyerUsername,
        delivered_units: sale.deliveredUnits,
      },
    },
  };
  const delivered: Notice = {
    userId: deal.buyerId,
    event: { event: "order_delivered", params: { ...about, quantity: deal.quantity } },
  };
  const fellLow =
    deal.delivery === "auto" &&
    sale.stockLeft < STOCK_LOW_THRESHOLD &&
    sale.stockLeft + deal.quantity >= STOCK_LOW_THRESHOLD;
  const stockLow = fellLow
    ? [
        webhookJob(
          deal.sellerId,
          "stock.low",
          { product_id: deal.productId, product_title: deal.productTitle, units_left: sale.stockLeft },
          at,
        ),
      ]
    : [];
  return notifyEach(tx, momentOf(at), deal.delivery === "auto" ? [sold, delivered] : [sold], stockLow);
}

/**
 * The buyer confirmed, or the time ran out: the seller is told what they earned, after the commission, and until
 * when a guarantee holds it. `deal` is the row after the payout, which set the guarantee's end.
 */
export function announceCompletion(tx: Db, deal: DealRow, automatic: boolean, at: Date): Promise<void> {
  return notify(tx, momentOf(at), deal.sellerId, {
    event: "deal_completed",
    params: {
      deal_id: deal.id,
      chat_id: deal.chatId,
      product_title: deal.productTitle,
      amount: kopecksToRoubles(deal.priceKopecks - deal.commissionKopecks),
      automatic,
      ...(deal.guaranteeUntil ? { held_until: deal.guaranteeUntil.toISOString() } : {}),
    },
  });
}

/** The buyer reported a problem: the seller is asked to answer in the deal's chat. */
export function announceDispute(tx: Db, deal: DealRow, at: Date): Promise<void> {
  return notify(tx, momentOf(at), deal.sellerId, {
    event: "dispute_opened",
    params: { deal_id: deal.id, chat_id: deal.chatId, product_title: deal.productTitle },
  });
}

/** An admin decided the dispute: both sides learn how. */
export function announceResolution(tx: Db, deal: DealRow, outcome: DisputeResolution, at: Date): Promise<void> {
  const event: NotificationEvent = {
    event: "dispute_resolved",
    params: { deal_id: deal.id, chat_id: deal.chatId, product_title: deal.productTitle, outcome },
  };
  return notifyEach(
    tx,
    momentOf(at),
    [deal.buyerId, deal.sellerId].map((userId) => ({ userId, event })),
  );
}
