import { queryOptions, useQuery } from "@tanstack/react-query";
import { reviewListSchema, type Review } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { reviewsQueryKey } from "./deals-query-key";

/**
 * GET /users/{username}/reviews: the reviews the user received as a seller, newest first; only the newest `limit`
 * when given (a product page shows a few, the profile all).
 */
export async function getUserReviews(username: string, limit?: number): Promise<Review[]> {
  const searchParams = limit === undefined ? undefined : { limit };
  const body = await api.get(`users/${encodeURIComponent(username)}/reviews`, { searchParams }).json();
  return reviewListSchema.parse(body);
}

/** Under reviewsQueryKey(username), so a new review or reply refreshes every view of them. */
export function useUserReviews(username: string, limit?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...reviewsQueryKey(username), { limit: limit ?? "all" }],
      queryFn: () => getUserReviews(username, limit),
    }),
  );
}
