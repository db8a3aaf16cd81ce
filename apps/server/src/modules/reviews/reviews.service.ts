import type { CreateReviewRequest } from "@lootlane/contract";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { deals, reviews, type Review, type ReviewNotCountedReason } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import { sharedDeviceOrAddress } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { Clock } from "../../platform/time/clock.js";
import { violatedUniqueConstraint } from "../../platform/errors/database-errors.js";
import { notify } from "../notifications/notifications.service.js";
import { catalogueChanged } from "../products/products.events.js";
import { setSellerRating } from "../products/products.service.js";
import { sellerStatsChanged } from "../users/users.events.js";
import { getProfile, setRating } from "../users/users.service.js";

/** A member of the deal as a review shows them. */
export type ReviewParty = { id: string; username: string; avatarUrl: string };

/** A review with what it shows of its deal: the product, who wrote it and whom it is about. */
export type ReviewView = {
  review: Review;
  product: { id: string; title: string };
  author: ReviewParty;
  seller: ReviewParty;
};

/** What decides whether a review counts in the rating (issue 17 item 11: wash trading at zero commission). */
export type RatingRules = { minDealKopecks: number; clock: Clock };

/** How far back shared addresses and devices link two accounts. */
const LINK_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The buyer's one review of a completed deal (ARCHITECTURE.md §4 "Disputes, reviews"). The seller's rating is
 * recomputed, and the seller told, in the same transaction, so it always is the average of the reviews that count. A review of a deal
 * under the minimum, or between accounts seen at one address or device, is kept and shown but not counted.
 */
export async function createReview(
  db: Db,
  authorId: string,
  request: CreateReviewRequest,
  rules: RatingRules,
): Promise<ReviewView> {
  try {
    const created = await db.transaction(async (tx) => {
      await ensureNotBanned(tx, authorId);
      const [deal] = await tx
        .select({
          buyerId: deals.buyerId,
          sellerId: deals.sellerId,
          status: deals.status,
          priceKopecks: deals.priceKopecks,
        })
        .from(deals)
        .where(eq(deals.id, request.deal_id));
      if (!deal) throw new AppError("DEAL_NOT_FOUND");
      if (deal.buyerId !== authorId) throw new AppError("INSUFFICIENT_PERMISSIONS");
      if (deal.status !== "completed") throw new AppError("INVALID_DEAL_STATUS");
      // Reviews of one seller written at the same moment queue here, so each average counts the others.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, deal.sellerId)).for("no key update");
      const notCountedReason = await whyNotCounted(tx, deal, rules);
      const [review] = await tx
        .insert(reviews)
        .values({
          dealId: request.deal_id,
          authorId,
          sellerId: deal.sellerId,
          stars: request.stars,
          text: request.text,
          notCountedReason,
        })
        .returning({ id: reviews.id });
      if (notCountedReason === null) {
        await setRating(tx, deal.sellerId, sellerAverage(deal.sellerId));
        await setSellerRating(tx, deal.sellerId);
      }
      const view = await loadReview(tx, review!.id);
      await notify(tx, rules.clock, deal.sellerId, {
        event: "review_received",
        params: {
          product_id: view.product.id,
          product_title: view.product.title,
          rating: request.stars,
          author_username: view.author.username,
        },
      });
      return view;
    });
    // Listings sort and filter by the seller's rating: the cached ones may show the old one.
    catalogueChanged(db);
    sellerStatsChanged(db, created.seller.id);
    return created;
  } catch (error) {
    // Two requests for one deal both pass the checks above; the unique index on deal_id lets one through.
    if (violatedUniqueConstraint(error) === "reviews_deal_id_unique")
      throw new AppError("REVIEW_ALREADY_EXISTS", {}, { cause: error });
    throw error;
  }
}

/** The reviewed seller's one reply to a review. */
export async function replyToReview(db: Db, sellerId: string, reviewId: string, reply: string): Promise<ReviewView> {
  return db.transaction(async (tx) => {
    await ensureNotBanned(tx, sellerId);
    // Locked, so of two replies sent at once the second sees the first and is refused.
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
    if (!review) throw new AppError("REVIEW_NOT_FOUND");
    if (review.sellerId !== sellerId) throw new AppError("INSUFFICIENT_PERMISSIONS");
    if (review.reply !== null) throw new AppError("REVIEW_ALREADY_REPLIED");
    await tx
      .update(reviews)
      .set({ reply, repliedAt: sql`now()` })
      .where(eq(reviews.id, reviewId));
    return loadReview(tx, reviewId);
  });
}

/**
 * The profile's reviews tab, and the newest few (`limit`) on the seller's product pages: what a user received as
 * a seller, newest first; public.
 */
export async function listSellerReviews(db: Db, username: string, limit?: number): Promise<ReviewView[]> {
  const { user } = await getProfile(db, username, undefined);
  const newestFirst = selectReviews(db, eq(reviews.sellerId, user.id)).orderBy(
    desc(reviews.createdAt),
    desc(reviews.id),
  );
  return limit === undefined ? newestFirst : newestFirst.limit(limit);
}

/** Linked accounts weigh more than the deal's size: that is what an admin needs to see. */
async function whyNotCounted(
  db: Db,
  deal: { buyerId: string; sellerId: string; priceKopecks: number },
  rules: RatingRules,
): Promise<ReviewNotCountedReason | null> {
  const since = new Date(rules.clock().getTime() - LINK_WINDOW_MS);
  if (await sharedDeviceOrAddress(db, deal.buyerId, deal.sellerId, since)) return "linked_accounts";
  return deal.priceKopecks < rules.minDealKopecks ? "small_deal" : null;
}

/** For the admin's user view: the reviews the user received from accounts linked to theirs (shown, not counted). */
export async function countLinkedAccountReviews(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(reviews)
    .where(and(eq(reviews.sellerId, userId), eq(reviews.notCountedReason, "linked_accounts")));
  return row?.count ?? 0;
}

/** The mean of the stars of the seller's counted reviews to two decimals, as users.rating keeps it. */
function sellerAverage(sellerId: string): SQL<number> {
  return sql<number>`(select round(avg(${reviews.stars}), 2)::double precision from ${reviews} where ${reviews.sellerId} = ${sellerId} and ${reviews.notCountedReason} is null)`;
}

/** The route's guard refused a banned user at the door; a ban committed since then still stops the write. */
async function ensureNotBanned(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ isBanned: users.isBanned }).from(users).where(eq(users.id, userId));
  if (!user || user.isBanned) throw new AppError("USER_IS_BANNED");
}

async function loadReview(db: Db, reviewId: string): Promise<ReviewView> {
  const [view] = await selectReviews(db, eq(reviews.id, reviewId));
  if (!view) throw new AppError("REVIEW_NOT_FOUND");
  return view;
}

const author = alias(users, "author");
const seller = alias(users, "seller");

function selectReviews(db: Db, where: SQL) {
  return db
    .select({
      review: reviews,
      product: { id: products.id, title: products.title },
      author: { id: author.id, username: author.username, avatarUrl: author.avatarUrl },
      seller: { id: seller.id, username: seller.username, avatarUrl: seller.avatarUrl },
    })
    .from(reviews)
    .innerJoin(deals, eq(deals.id, reviews.dealId))
    .innerJoin(products, eq(products.id, deals.productId))
    .innerJoin(author, eq(author.id, reviews.authorId))
    .innerJoin(seller, eq(seller.id, reviews.sellerId))
    .where(where);
}
