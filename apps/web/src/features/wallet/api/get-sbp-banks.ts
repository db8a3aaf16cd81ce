import { useQuery } from "@tanstack/react-query";
import { sbpBankListSchema, type SbpBank } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { walletQueryKey } from "@/shared/wallet/wallet-query-keys";

/** GET /wallet/sbp-banks: the banks an SBP payout can reach; empty when payouts are made by hand. */
export async function getSbpBanks(): Promise<SbpBank[]> {
  return sbpBankListSchema.parse(await api.get("wallet/sbp-banks").json());
}

/** Asked only once SBP is chosen; the list barely changes, so it is kept for the whole visit. */
export function useSbpBanks(enabled: boolean) {
  return useQuery({
    queryKey: [...walletQueryKey, "sbp-banks"],
    queryFn: getSbpBanks,
    enabled,
    staleTime: Infinity,
  });
}
