import { kopecksToRoubles, type Deal, type DealPage, type DealParty, type Dispute } from "@lootlane/contract";
import type { Dispute as DisputeRow } from "../../db/schema/deals.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import type { DealView, PartyRow } from "./deals.views.js";

/*
 * Rows become contract objects here and nowhere else: every deal the API answers, including the deal a chat
 * shows (latestDealOfChat). Money is kopecks in the database, roubles in the API. A deal shows what was bought as
 * it was bought (its snapshot), and only the product's status as it is now. Every deal answer goes to the deal's
 * buyer, its seller or an admin, who all may read the units it delivered.
 */

export function presentDeal(
  { deal, product, items, thumbnailUrl, buyer, seller, dispute, reviewId }: DealView,
  cipher: DataCipher,
): Deal {
  return {
    id: deal.id,
    product: { id: product.id, title: deal.productTitle, thumbnail_url: thumbnailUrl, status: product.status },
    price: kopecksToRoubles(deal.priceKopecks),
    unit_price: kopecksToRoubles(deal.unitPriceKopecks),
    quantity: deal.quantity,
    delivery: deal.delivery,
    items: items.map((item) => cipher.decrypt(item)),
    commission: kopecksToRoubles(deal.commissionKopecks),
    status: deal.status,
    buyer: presentParty(buyer),
    seller: presentParty(seller),
    chat_id: deal.chatId,
    created_at: deal.createdAt.toISOString(),
    auto_confirm_at: deal.autoConfirmAt.toISOString(),
    // A completed deal closed when it was paid out, a refunded one when its dispute was resolved.
    closed_at: (deal.completedAt ?? (deal.status === "refunded" ? dispute?.resolvedAt : null))?.toISOString() ?? null,
    dispute: dispute && presentDispute(dispute),
    review_id: reviewId,
    guarantee_until: deal.guaranteeUntil?.toISOString() ?? null,
    guarantee_released_at: deal.guaranteeReleasedAt?.toISOString() ?? null,
  };
}

export function presentDealPage(
  { views, total, page, perPage }: { views: DealView[]; total: number; page: number; perPage: number },
  cipher: DataCipher,
): DealPage {
  return {
    deals: views.map((view) => presentDeal(view, cipher)),
    total_pages: Math.ceil(total / perPage),
    page,
    total,
  };
}

function presentParty(row: PartyRow): DealParty {
  return { id: row.id, username: row.username, avatar_url: row.avatarUrl };
}

function presentDispute(row: DisputeRow): Dispute {
  return {
    reason: row.reason as Dispute["reason"],
    text: row.text,
    status: row.status,
    resolution: row.resolution,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}
