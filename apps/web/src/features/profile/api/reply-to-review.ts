import { useMutation, useQueryClient } from "@tanstack/react-query";
import { reviewSchema, type Review } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { reviewsQueryKey } from "@/shared/deals/deals-query-key";

export interface ReplyToReviewInput {
  reviewId: string;
  reply: string;
}

/** POST /reviews/{id}/reply: the reviewed seller's one reply. */
export async function replyToReview({ reviewId, reply }: ReplyToReviewInput): Promise<Review> {
  return reviewSchema.parse(
    await api.post(`reviews/${encodeURIComponent(reviewId)}/reply`, { json: { reply } }).json(),
  );
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    // The reply form shows the refusal under the text.
    meta: { notifyError: false },
    onSuccess: (review) => queryClient.invalidateQueries({ queryKey: reviewsQueryKey(review.seller.username) }),
  });
}
