import { useInfiniteQuery } from "@tanstack/react-query";
import { dealListSchema, HOME_PAGE_SIZE, type Deal } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { dealsQueryKey } from "@/shared/deals/deals-query-key";

/** Whose side of the deals a list shows: what the user bought, or what they sold. */
export type DealSide = "purchases" | "sales";

/** GET /users/{id}/purchases or /users/{id}/sales: one page of the user's deals, newest first. */
export async function getUserDeals(userId: string, side: DealSide, page: number): Promise<Deal[]> {
  const searchParams = { page, per_page: HOME_PAGE_SIZE };
  return dealListSchema.parse(await api.get(`users/${encodeURIComponent(userId)}/${side}`, { searchParams }).json());
}

/** The owner's purchases or sales, a page at a time; a full page means there may be more. */
export function useUserDeals(userId: string, side: DealSide) {
  return useInfiniteQuery({
    queryKey: [...dealsQueryKey, side, userId],
    queryFn: ({ pageParam }) => getUserDeals(userId, side, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.length === HOME_PAGE_SIZE ? pages.length + 1 : undefined),
    select: (data) => data.pages.flat(),
  });
}
