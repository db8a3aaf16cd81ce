import { z } from "zod";
import { plainText } from "../common/plain-text.js";
import { hasWholeKopecks } from "../money/money.js";
import { priceSchema } from "../money/money.schemas.js";
import {
  BALANCE_ADJUSTMENT_MAX,
  BUY_QUANTITY_MAX,
  DISPUTE_TEXT_MAX,
  DISPUTE_TEXT_MIN,
  IDEMPOTENCY_KEY_MAX,
  MAX_PAGE_SIZE,
  REVIEW_TEXT_MAX,
} from "../common/constants.js";
import {
  pageQuerySchema,
  productDeliverySchema,
  productIdBodySchema,
  productSchema,
  productStatusSchema,
} from "../catalog/products.schemas.js";

/*
 * Deals and money (SPEC.md §4 buying and confirm receipt, §7 /products/buy, /products/confirm-receipt,
 * /products/get/chat/{chatId}, /users/{id}/purchases; ARCHITECTURE.md §4 "Deals and money", "Deal lifecycle",
 * "Disputes, reviews, deals page"). Prices are whole roubles, balances and commissions roubles with two
 * decimals; the server stores kopecks. Everything not named by the spec is marked "beyond the spec".
 */

/**
 * The deal state machine: `purchased` → `completed` | `disputed`; `disputed` → `completed` | `refunded`; and
 * (issue 22) `completed` → `disputed` inside its guarantee window.
 */
export const dealStatusSchema = z.enum(["purchased", "completed", "disputed", "refunded"]);

/** Why a buyer opens a dispute (beyond the spec: the chat's Report button). */
export const disputeReasonSchema = z.enum(["not_received", "not_as_described", "stopped_working", "other"]);
export const disputeResolutionSchema = z.enum(["release", "refund"]);

/** Roubles with at most two decimals (kopecks), as balances and adjustments are written. */
export const roublesAmountSchema = z.number().finite().refine(hasWholeKopecks, "At most two decimals");

/** A member of a deal as the deal shows them. */
export const dealPartySchema = z
  .object({ id: z.uuid(), username: z.string(), avatar_url: z.string() })
  .meta({ id: "DealParty" });

/**
 * What a deal shows of its product: enough for a list row and a link to /product/{id}. The title is the one the
 * buyer bought under (a snapshot), `status` the listing's now.
 */
export const dealProductSchema = z
  .object({ id: z.uuid(), title: z.string(), thumbnail_url: z.string().nullable(), status: productStatusSchema })
  .meta({ id: "DealProduct" });

export const disputeSchema = z
  .object({
    reason: disputeReasonSchema,
    text: z.string(),
    status: z.enum(["open", "resolved"]),
    resolution: disputeResolutionSchema.nullable(),
    created_at: z.iso.datetime(),
    resolved_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Dispute" });

/**
 * A deal as its buyer, its seller and admins see it. `auto_confirm_at` is when the sweeper confirms it for the
 * buyer while it is `purchased`; `closed_at` is when it became `completed` or `refunded`. `review_id` is the
 * buyer's review once left. Beyond the spec (ARCHITECTURE.md §4 "Stock"): what was bought, kept as it was bought —
 * `quantity` units at `unit_price`, `price` = unit_price × quantity, and `delivery`; `items` are the units
 * delivered to the buyer at payment (`auto`), shown to the buyer, the seller and admins, empty for `manual`.
 */
export const dealSchema = z
  .object({
    id: z.uuid(),
    product: dealProductSchema,
    /** Whole roubles paid by the buyer. */
    price: z.number().int().positive(),
    unit_price: z.number().int().positive(),
    quantity: z.number().int().positive(),
    delivery: productDeliverySchema,
    items: z.array(z.string()),
    /** Roubles the platform keeps on completion (COMMISSION_PERCENT of the price). */
    commission: z.number().nonnegative(),
    status: dealStatusSchema,
    buyer: dealPartySchema,
    seller: dealPartySchema,
    chat_id: z.uuid(),
    created_at: z.iso.datetime(),
    auto_confirm_at: z.iso.datetime(),
    closed_at: z.iso.datetime().nullable(),
    dispute: disputeSchema.nullable(),
    review_id: z.uuid().nullable(),
    /**
     * Issue 22: the end of a completed deal's guarantee window (null without one): until then its buyer may open
     * a dispute and the seller's earnings are held. `guarantee_released_at` is when they were paid out.
     */
    guarantee_until: z.iso.datetime().nullable(),
    guarantee_released_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Deal" });

export const dealListSchema = z.array(dealSchema).meta({ id: "DealList" });

/** GET /admin/deals (beyond the spec): one page with its totals, disputes open first, then newest. */
export const dealPageSchema = z
  .object({
    deals: z.array(dealSchema),
    total_pages: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: "DealPage" });

/**
 * POST /products/buy `{product_id, price?, quantity?}`. `price` (beyond the spec) is the unit price in roubles the buyer saw: when
 * the product's price is no longer that, the buy is refused with PRICE_CHANGED and nothing is charged; without it
 * the current price is paid, as the spec's clients expect. May carry an `Idempotency-Key` header: a
 * retry with the same key answers the first answer again and moves no money. Answers the new deal, where its
 * chat is, and the buyer's balance after paying (beyond the spec's "success on 200").
 */
export const buyRequestSchema = productIdBodySchema
  .extend({
    price: priceSchema.optional(),
    /** Units to buy (beyond the spec), at most what is in stock: one deal at price × quantity. */
    quantity: z.number().int().min(1).max(BUY_QUANTITY_MAX).default(1),
  })
  .meta({ id: "BuyRequest" });
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const idempotencyKeySchema = z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX);
export const buyHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() });
export const purchaseResultSchema = z
  .object({ deal: dealSchema, chat_id: z.uuid(), balance: z.number().nonnegative() })
  .meta({ id: "PurchaseResult" });

/** PATCH /products/confirm-receipt `{product_id}`: answers the completed deal (a repeat answers it unchanged). */
export const confirmReceiptResultSchema = dealSchema;

/**
 * GET /products/get/chat/{chatId}: the chat's product, its goods revealed to the buyer from the purchase on,
 * with the chat's latest deal (beyond the spec) or null while nobody bought it in this chat.
 */
export const chatProductSchema = productSchema.extend({ deal: dealSchema.nullable() }).meta({ id: "ChatProduct" });
export const chatIdPathSchema = z.object({ chatId: z.uuid() });

/** GET /users/{id}/purchases (self or admin) and GET /users/{id}/sales (beyond the spec): newest first. */
export const userDealsParamsSchema = z.object({ id: z.uuid() });
export const userDealsQuerySchema = pageQuerySchema;

/**
 * POST /deals/{id}/dispute (beyond the spec): the buyer reports a deal in `purchased`, or (issue 22) a `completed`
 * one before its `guarantee_until`. Answers the deal.
 */
export const dealIdParamsSchema = z.object({ id: z.uuid() });
export const openDisputeRequestSchema = z
  .object({
    reason: disputeReasonSchema,
    text: plainText()
      .trim()
      .min(DISPUTE_TEXT_MIN, `At least ${DISPUTE_TEXT_MIN} characters`)
      .max(DISPUTE_TEXT_MAX, `At most ${DISPUTE_TEXT_MAX} characters`),
  })
  .meta({ id: "OpenDisputeRequest" });

/**
 * POST /admin/deals/{id}/resolve (beyond the spec): `release` pays the seller (deal `completed`); `refund`
 * returns the price to the buyer (deal `refunded`) and puts the product back on sale (`active`, the default) or
 * withdraws it (`withdrawn`). Answers the deal.
 */
export const resolveDisputeRequestSchema = z
  .object({
    resolution: disputeResolutionSchema,
    product_status: z.enum(["active", "withdrawn"]).default("active"),
  })
  .meta({ id: "ResolveDisputeRequest" });

/** GET /admin/deals (beyond the spec): every deal, optionally of one status and/or one user (buyer or seller). */
export const adminDealsQuerySchema = pageQuerySchema.extend({
  status: dealStatusSchema.optional(),
  user_id: z.uuid().optional(),
});

/**
 * POST /admin/balance-adjustment (beyond the spec): an admin tops up (positive) or takes from (negative) a
 * user's balance; one balanced ledger transaction with the admin as its actor. Answers the new balance.
 */
export const balanceAdjustmentRequestSchema = z
  .object({
    user_id: z.uuid(),
    amount: roublesAmountSchema
      .min(-BALANCE_ADJUSTMENT_MAX, `At most ${BALANCE_ADJUSTMENT_MAX} either way`)
      .max(BALANCE_ADJUSTMENT_MAX, `At most ${BALANCE_ADJUSTMENT_MAX} either way`)
      .refine((value) => value !== 0, "The amount cannot be zero"),
    memo: plainText().trim().max(200).default(""),
  })
  .meta({ id: "BalanceAdjustmentRequest" });
export const balanceResultSchema = z.object({ balance: z.number().nonnegative() }).meta({ id: "BalanceResult" });

/*
 * Reviews (beyond the spec's "contents of the reviews tab: not shown"): after completion the buyer leaves one
 * review; the seller may reply once. The seller's rating is the average of their reviews' stars.
 */
export const reviewStarsSchema = z.number().int().min(1, "From 1 to 5 stars").max(5, "From 1 to 5 stars");
const reviewTextSchema = plainText()
  .trim()
  .min(1, "Write a few words")
  .max(REVIEW_TEXT_MAX, `At most ${REVIEW_TEXT_MAX} characters`);

export const reviewSchema = z
  .object({
    id: z.uuid(),
    deal_id: z.uuid(),
    stars: z.number().int().min(1).max(5),
    text: z.string(),
    reply: z.string().nullable(),
    replied_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    author: dealPartySchema,
    seller: dealPartySchema,
    product: z.object({ id: z.uuid(), title: z.string() }),
  })
  .meta({ id: "Review" });
export const reviewListSchema = z.array(reviewSchema).meta({ id: "ReviewList" });

/** POST /reviews/: the buyer of a completed deal, once. */
export const createReviewRequestSchema = z
  .object({ deal_id: z.uuid(), stars: reviewStarsSchema, text: reviewTextSchema })
  .meta({ id: "CreateReviewRequest" });
/** POST /reviews/{id}/reply: the reviewed seller, once. */
export const replyReviewRequestSchema = z.object({ reply: reviewTextSchema }).meta({ id: "ReplyReviewRequest" });
export const reviewIdParamsSchema = z.object({ id: z.uuid() });
/** GET /users/{username}/reviews: reviews of the user as a seller, newest first. */
export const userReviewsParamsSchema = z.object({ username: plainText().min(1) });
/** GET /users/{username}/reviews?limit=: only the newest `limit` (the product page shows a few); all without it. */
export const userReviewsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional() });

/**
 * System messages of a deal's chat (message_type `system`): the text is one of these codes, which each client
 * shows in its user's language. `purchase_info` cards carry the product instead.
 */
export const dealEventSchema = z.enum(["confirmed", "auto_confirmed", "dispute_opened", "released", "refunded"]);

export type DealStatus = z.infer<typeof dealStatusSchema>;
export type DisputeReason = z.infer<typeof disputeReasonSchema>;
export type DisputeResolution = z.infer<typeof disputeResolutionSchema>;
export type DealParty = z.infer<typeof dealPartySchema>;
export type DealProduct = z.infer<typeof dealProductSchema>;
export type Dispute = z.infer<typeof disputeSchema>;
export type Deal = z.infer<typeof dealSchema>;
export type DealPage = z.infer<typeof dealPageSchema>;
export type BuyRequest = z.infer<typeof buyRequestSchema>;
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;
export type ChatProduct = z.infer<typeof chatProductSchema>;
export type OpenDisputeRequest = z.infer<typeof openDisputeRequestSchema>;
export type ResolveDisputeRequest = z.input<typeof resolveDisputeRequestSchema>;
export type AdminDealsQuery = z.infer<typeof adminDealsQuerySchema>;
export type BalanceAdjustmentRequest = z.input<typeof balanceAdjustmentRequestSchema>;
export type Review = z.infer<typeof reviewSchema>;
export type CreateReviewRequest = z.infer<typeof createReviewRequestSchema>;
export type ReplyReviewRequest = z.infer<typeof replyReviewRequestSchema>;
export type DealEvent = z.infer<typeof dealEventSchema>;
