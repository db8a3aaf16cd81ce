/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   deals → modules/deals
 *   disputes → modules/deals
 *   reviews → modules/reviews
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { productDeliveries, products } from "./catalog.js";
import { chats } from "./chats.js";
import { createdAt, id, kopecks, oneOf, timestamptz } from "./columns.js";
import { users } from "./users.js";

export const dealStatuses = ["purchased", "completed", "disputed", "refunded"] as const;
export type DealStatus = (typeof dealStatuses)[number];

/** Deal statuses in which the money is still in escrow. */
export const openDealStatuses = ["purchased", "disputed"] as const satisfies readonly DealStatus[];

export const deals = pgTable(
  "deals",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id),
    /** What the buyer paid: unit price × quantity. */
    priceKopecks: kopecks("price_kopecks").notNull(),
    /** A snapshot of what was bought, so the deal shows itself and not the product as it is now. */
    productTitle: text("product_title").notNull(),
    unitPriceKopecks: kopecks("unit_price_kopecks").notNull(),
    quantity: integer("quantity").notNull().default(1),
    delivery: text("delivery", { enum: productDeliveries }).notNull().default("auto"),
    commissionKopecks: kopecks("commission_kopecks").notNull().default(0),
    status: text("status", { enum: dealStatuses }).notNull().default("purchased"),
    /** When the sweeper confirms the deal for the buyer if no dispute is open. */
    autoConfirmAt: timestamptz("auto_confirm_at").notNull(),
    /** The buyer's Idempotency-Key of the buy request that created the deal. */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    completedAt: timestamptz("completed_at"),
    /**
     * The end of the guarantee window of a completed deal (issue 22): until then the buyer may open a dispute and
     * the seller's earnings are held. Null for a deal completed without a guarantee.
     */
    guaranteeUntil: timestamptz("guarantee_until"),
    /** When the held earnings went to the seller's available balance (the window ended); null while held. */
    guaranteeReleasedAt: timestamptz("guarantee_released_at"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("deals_product_created_idx").on(t.productId, t.createdAt.desc().nullsFirst()),
    uniqueIndex("deals_buyer_idempotency_key")
      .on(t.buyerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("deals_due_auto_confirm_idx")
      .on(t.autoConfirmAt)
      .where(sql`${t.status} = 'purchased'`),
    index("deals_buyer_created_idx").on(t.buyerId, t.createdAt.desc().nullsFirst()),
    index("deals_seller_created_idx").on(t.sellerId, t.createdAt.desc().nullsFirst()),
    index("deals_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    // The sweeper's due guarantee releases.
    index("deals_due_guarantee_idx")
      .on(t.guaranteeUntil)
      .where(sql`${t.guaranteeUntil} is not null and ${t.guaranteeReleasedAt} is null`),
    check("deals_price_positive_check", sql`${t.priceKopecks} > 0`),
    check("deals_quantity_positive_check", sql`${t.quantity} > 0`),
    check("deals_price_is_units_check", sql`${t.priceKopecks} = ${t.unitPriceKopecks} * ${t.quantity}`),
    check("deals_delivery_check", oneOf(t.delivery, productDeliveries)),
    check(
      "deals_commission_range_check",
      sql`${t.commissionKopecks} >= 0 and ${t.commissionKopecks} <= ${t.priceKopecks}`,
    ),
    check("deals_buyer_not_seller_check", sql`${t.buyerId} <> ${t.sellerId}`),
    check("deals_status_check", oneOf(t.status, dealStatuses)),
  ],
);

export const disputeStatuses = ["open", "resolved"] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];
export const disputeResolutions = ["release", "refund"] as const;
export type DisputeResolution = (typeof disputeResolutions)[number];

export const disputes = pgTable(
  "disputes",
  {
    id: id(),
    /** A deal may be disputed again in its guarantee window after an earlier dispute closed; one open at a time. */
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deals.id),
    openedBy: uuid("opened_by")
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: disputeStatuses }).notNull().default("open"),
    resolution: text("resolution", { enum: disputeResolutions }),
    resolvedBy: uuid("resolved_by").references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: timestamptz("resolved_at"),
  },
  (t) => [
    index("disputes_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("disputes_deal_idx").on(t.dealId, t.createdAt.desc().nullsFirst()),
    uniqueIndex("disputes_deal_open_key")
      .on(t.dealId)
      .where(sql`${t.status} = 'open'`),
    check("disputes_status_check", oneOf(t.status, disputeStatuses)),
    check("disputes_resolution_check", oneOf(t.resolution, disputeResolutions)),
    // A resolved dispute always says how it was resolved, an open one never does.
    check("disputes_resolution_matches_status_check", sql`(${t.status} = 'resolved') = (${t.resolution} is not null)`),
  ],
);

/**
 * `small_deal`: the deal cost less than RATING_MIN_DEAL_RUB. `linked_accounts`: buyer and seller signed in from
 * one address or device in the 30 days before the review (an alternate account farming its own rating).
 */
export const reviewNotCountedReasons = ["small_deal", "linked_accounts"] as const;
export type ReviewNotCountedReason = (typeof reviewNotCountedReasons)[number];

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    dealId: uuid("deal_id")
      .notNull()
      .unique()
      .references(() => deals.id),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    stars: smallint("stars").notNull(),
    text: text("text").notNull(),
    reply: text("reply"),
    repliedAt: timestamptz("replied_at"),
    /** Why the review is kept and shown but left out of the seller's rating; null when it counts. */
    notCountedReason: text("not_counted_reason", { enum: reviewNotCountedReasons }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_seller_created_idx").on(t.sellerId, t.createdAt.desc().nullsFirst()),
    check("reviews_stars_range_check", sql`${t.stars} between 1 and 5`),
    check("reviews_not_counted_reason_check", oneOf(t.notCountedReason, reviewNotCountedReasons)),
  ],
);

export type Deal = typeof deals.$inferSelect;
export type NewDeal = typeof deals.$inferInsert;
export type Dispute = typeof disputes.$inferSelect;
export type NewDispute = typeof disputes.$inferInsert;
export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
