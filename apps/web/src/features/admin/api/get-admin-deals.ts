import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { dealPageSchema, type DealPage, type DealStatus } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminDealsQueryKey } from "@/shared/deals/admin-deals-query-key";

/** Deals per page of /admin/deals. */
export const ADMIN_DEALS_PAGE_SIZE = 20;

export interface AdminDealsFilter {
  /** One status only, or every deal when null. */
  status: DealStatus | null;
  /** Deals where this user is the buyer or the seller, or everyone's when null. */
  userId: string | null;
}

export const adminDealListQueryKey = (filter: AdminDealsFilter, page: number) =>
  [...adminDealsQueryKey, "list", { status: filter.status, userId: filter.userId, page }] as const;

/** GET /admin/deals: one page of deals, open disputes first, then newest. */
export async function getAdminDeals(filter: AdminDealsFilter, page: number): Promise<DealPage> {
  const searchParams = new URLSearchParams({ page: String(page), per_page: String(ADMIN_DEALS_PAGE_SIZE) });
  if (filter.status) searchParams.set("status", filter.status);
  if (filter.userId) searchParams.set("user_id", filter.userId);
  return dealPageSchema.parse(await api.get("admin/deals", { searchParams }).json());
}

/** One page of the admin's deals; the previous page stays on screen while another page or filter loads. */
export function useAdminDeals(filter: AdminDealsFilter, page: number) {
  return useQuery({
    queryKey: adminDealListQueryKey(filter, page),
    queryFn: () => getAdminDeals(filter, page),
    placeholderData: keepPreviousData,
  });
}
