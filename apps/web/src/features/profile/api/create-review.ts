import { useMutation, useQueryClient } from "@tanstack/react-query";
import { reviewSchema, type CreateReviewRequest, type Review } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { dealsQueryKey, reviewsQueryKey } from "@/shared/deals/deals-query-key";
import { profileQueryKey } from "./get-profile";

/** POST /reviews/: the buyer's one review of a completed deal. */
export async function createReview(request: CreateReviewRequest): Promise<Review> {
  return reviewSchema.parse(await api.post("reviews/", { json: request }).json());
}

/**
 * Leaves a review. The purchase then shows it was reviewed, and the seller's reviews and rating (their profile)
 * change, so those are fetched again.
 */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The review dialog shows the refusal and keeps what was written.
    meta: { notifyError: false },
    onSuccess: (review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealsQueryKey }),
        queryClient.invalidateQueries({ queryKey: reviewsQueryKey(review.seller.username) }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey(review.seller.username) }),
      ]),
  });
}
