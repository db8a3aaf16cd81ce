import type { DealParty, Review } from "@lootlane/contract";
import type { ReviewParty, ReviewView } from "./reviews.service.js";

/*
 * Rows become contract objects here and nowhere else. Review and reply texts are passed on as the plain text
 * they were written in: never turned into HTML, so the web app shows them as text.
 */

export function presentReview({ review, product, author, seller }: ReviewView): Review {
  return {
    id: review.id,
    deal_id: review.dealId,
    stars: review.stars,
    text: review.text,
    reply: review.reply,
    replied_at: review.repliedAt?.toISOString() ?? null,
    created_at: review.createdAt.toISOString(),
    author: presentParty(author),
    seller: presentParty(seller),
    product: { id: product.id, title: product.title },
  };
}

function presentParty(party: ReviewParty): DealParty {
  return { id: party.id, username: party.username, avatar_url: party.avatarUrl };
}
