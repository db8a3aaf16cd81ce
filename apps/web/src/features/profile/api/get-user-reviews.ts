import { queryOptions, useQuery } from "@tanstack/react-query";
import { reviewListSchema, type Review } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { reviewsQueryKey } from "@/shared/deals/deals-query-key";

/** GET /users/{username}/reviews: the reviews the user received as a seller, newest first. */
export async function getUserReviews(username: string): Promise<Review[]> {
  return reviewListSchema.parse(await api.get(`users/${encodeURIComponent(username)}/reviews`).json());
}

export function useUserReviews(username: string) {
  return useQuery(queryOptions({ queryKey: reviewsQueryKey(username), queryFn: () => getUserReviews(username) }));
}
