import { asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { productImages, products, type Product as ProductRow } from "../../db/schema/catalog.js";
import { deals, disputes, reviews, type Deal as DealRow, type Dispute as DisputeRow } from "../../db/schema/deals.js";
import { users, type User as UserRow } from "../../db/schema/users.js";
import { unitsOfDeals } from "../products/products.service.js";

export type PartyRow = Pick<UserRow, "id" | "username" | "avatarUrl">;

/** A deal with everything its answer shows; `items` are the units it took, encrypted, in delivery order. */
export type DealView = {
  deal: DealRow;
  product: Pick<ProductRow, "id" | "status">;
  items: string[];
  thumbnailUrl: string | null;
  buyer: PartyRow;
  seller: PartyRow;
  dispute: DisputeRow | null;
  reviewId: string | null;
};

/**
 * Completes deal rows into views with two queries whatever the number of rows, keeping their order.
 */
export async function loadDealViews(db: Db, rows: readonly DealRow[]): Promise<DealView[]> {
  if (rows.length === 0) return [];
  const views = new Map(
    (
      await selectDealViews(
        db,
        inArray(
          deals.id,
          rows.map((row) => row.id),
        ),
      )
    ).map((view) => [view.deal.id, view]),
  );
  return rows.map((deal) => ({ ...views.get(deal.id)!, deal }));
}

/** The units each deal took, for the views of `query`'s deals. */
async function withItems(db: Db, query: PromiseLike<Omit<DealView, "items">[]>): Promise<DealView[]> {
  const views = await query;
  const items = await unitsOfDeals(
    db,
    views.map((view) => view.deal.id),
  );
  return views.map((view) => ({ ...view, items: items.get(view.deal.id) ?? [] }));
}

/**
 * One deal as a view, e.g. the answer of a purchase or a transition. A named statement (issue 24): planning this
 * join took PostgreSQL 0.9 ms each time, half the planning of a purchase's 24 statements (docs/operations.md);
 * node-postgres parses a name once per pooled connection, and PostgreSQL keeps its plan there. Built on each call
 * because it runs in the caller's transaction.
 */
export async function loadDealView(db: Db, dealId: string): Promise<DealView> {
  const byId = dealViewsQuery(db, eq(deals.id, sql.placeholder("dealId"))).prepare("deal_view_by_id");
  const [view] = await withItems(db, byId.execute({ dealId }));
  if (!view) throw new Error(`Deal ${dealId} vanished`);
  return view;
}

/** Deals by id, e.g. those a chat's purchase cards are about; ids of no deal are left out. */
export function dealViewsByIds(db: Db, dealIds: readonly string[]): Promise<DealView[]> {
  return dealIds.length === 0 ? Promise.resolve([]) : selectDealViews(db, inArray(deals.id, [...dealIds]));
}

/** The chat's latest deal (a refunded product may be bought again in the same chat), or null before any. */
export async function latestChatDealView(db: Db, chatId: string): Promise<DealView | null> {
  const [view] = await selectDealViews(db, eq(deals.chatId, chatId), 1);
  return view ?? null;
}

/** The views of the deals `where` picks, newest first, with their units. */
function selectDealViews(db: Db, where: SQL, limit?: number): Promise<DealView[]> {
  const query = dealViewsQuery(db, where);
  return withItems(db, limit === undefined ? query : query.limit(limit));
}

/**
 * Deals with their product, thumbnail (the first image), parties, dispute and review, newest first. One dispute
 * and one review per deal at most are joined, so the joins never repeat a deal; foreign keys guarantee the inner
 * ones.
 */
function dealViewsQuery(db: Db, where: SQL) {
  const buyer = alias(users, "deal_buyer");
  const seller = alias(users, "deal_seller");
  const thumbnailUrl = sql<string | null>`(${db
    .select({ thumbnailUrl: productImages.thumbnailUrl })
    .from(productImages)
    .where(eq(productImages.productId, deals.productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id))
    .limit(1)})`;
  // A deal may be disputed again in its guarantee window (issue 22): it shows its open dispute, else its latest.
  const latestDispute = sql`(${db
    .select({ id: sql`latest.id` })
    .from(sql`${disputes} latest`)
    .where(sql`latest.deal_id = ${deals.id}`)
    .orderBy(sql`latest.status = 'open' desc, latest.created_at desc, latest.id desc`)
    .limit(1)})`;
  return db
    .select({
      deal: deals,
      product: { id: products.id, status: products.status },
      thumbnailUrl,
      buyer: { id: buyer.id, username: buyer.username, avatarUrl: buyer.avatarUrl },
      seller: { id: seller.id, username: seller.username, avatarUrl: seller.avatarUrl },
      dispute: disputes,
      reviewId: reviews.id,
    })
    .from(deals)
    .innerJoin(products, eq(products.id, deals.productId))
    .innerJoin(buyer, eq(buyer.id, deals.buyerId))
    .innerJoin(seller, eq(seller.id, deals.sellerId))
    .leftJoin(disputes, eq(disputes.id, latestDispute))
    .leftJoin(reviews, eq(reviews.dealId, deals.id))
    .where(where)
    .orderBy(desc(deals.createdAt), desc(deals.id));
}
