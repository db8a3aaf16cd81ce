import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { productImages, products, type Product as ProductRow } from "../../db/schema/catalog.js";
import { deals, disputes, reviews, type Deal as DealRow, type Dispute as DisputeRow } from "../../db/schema/deals.js";
import { users, type User as UserRow } from "../../db/schema/users.js";

export type PartyRow = Pick<UserRow, "id" | "username" | "avatarUrl">;

/** A deal with everything its answer shows. */
export type DealView = {
  deal: DealRow;
  product: Pick<ProductRow, "id" | "title" | "status">;
  thumbnailUrl: string | null;
  buyer: PartyRow;
  seller: PartyRow;
  dispute: DisputeRow | null;
  reviewId: string | null;
};

/**
 * Completes deal rows into views with five batched queries whatever the number of rows, keeping their order.
 * Used by the deals module and by the chats module for the deal on a purchase card.
 */
export async function loadDealViews(db: Db, rows: readonly DealRow[]): Promise<DealView[]> {
  if (rows.length === 0) return [];
  const dealIds = rows.map((row) => row.id);
  const productIds = unique(rows.map((row) => row.productId));
  // One after another: the purchase loads its answer inside its transaction, whose connection runs one query at a time.
  const productRows = await db.select({ id: products.id, title: products.title, status: products.status }).from(products).where(inArray(products.id, productIds));
  const imageRows = await db
    .selectDistinctOn([productImages.productId], { productId: productImages.productId, thumbnailUrl: productImages.thumbnailUrl })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(productImages.productId, asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
  const partyRows = await db
    .select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, unique(rows.flatMap((row) => [row.buyerId, row.sellerId]))));
  const disputeRows = await db.select().from(disputes).where(inArray(disputes.dealId, dealIds));
  const reviewRows = await db.select({ id: reviews.id, dealId: reviews.dealId }).from(reviews).where(inArray(reviews.dealId, dealIds));
  const productsById = new Map(productRows.map((row) => [row.id, row]));
  const thumbnails = new Map(imageRows.map((row) => [row.productId, row.thumbnailUrl]));
  const parties = new Map(partyRows.map((row) => [row.id, row]));
  const disputesByDeal = new Map(disputeRows.map((row) => [row.dealId, row]));
  const reviewsByDeal = new Map(reviewRows.map((row) => [row.dealId, row.id]));
  // Foreign keys guarantee the product and both parties exist.
  return rows.map((deal) => ({
    deal,
    product: productsById.get(deal.productId)!,
    thumbnailUrl: thumbnails.get(deal.productId) ?? null,
    buyer: parties.get(deal.buyerId)!,
    seller: parties.get(deal.sellerId)!,
    dispute: disputesByDeal.get(deal.id) ?? null,
    reviewId: reviewsByDeal.get(deal.id) ?? null,
  }));
}

/** One deal as a view, e.g. the answer of a transition. */
export async function loadDealView(db: Db, dealId: string): Promise<DealView> {
  const rows = await db.select().from(deals).where(eq(deals.id, dealId));
  const [view] = await loadDealViews(db, rows);
  if (!view) throw new Error(`Deal ${dealId} vanished`);
  return view;
}

/** The chat's latest deal (a refunded product may be bought again in the same chat), or null before any. */
export async function latestChatDealView(db: Db, chatId: string): Promise<DealView | null> {
  const rows = await db.select().from(deals).where(eq(deals.chatId, chatId)).orderBy(desc(deals.createdAt), desc(deals.id)).limit(1);
  const [view] = await loadDealViews(db, rows);
  return view ?? null;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
