import { useInfiniteQuery } from "@tanstack/react-query";
import { withdrawalPageSchema, type WithdrawalPage } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { walletQueryKey } from "@/shared/wallet/wallet-query-keys";

const WITHDRAWALS_PAGE_SIZE = 10;

export const withdrawalsQueryKey = [...walletQueryKey, "withdrawals"] as const;

/** GET /wallet/withdrawals: one page of the user's own withdrawals, newest first. */
export async function getWithdrawals(page: number): Promise<WithdrawalPage> {
  const searchParams = { page, per_page: WITHDRAWALS_PAGE_SIZE };
  return withdrawalPageSchema.parse(await api.get("wallet/withdrawals", { searchParams }).json());
}

export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: withdrawalsQueryKey,
    queryFn: ({ pageParam }) => getWithdrawals(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
  });
}
