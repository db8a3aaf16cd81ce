import { queryOptions, useQuery } from "@tanstack/react-query";
import { walletSchema, type Wallet } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { walletSummaryQueryKey } from "./wallet-query-keys";

/** GET /wallet: balance, held and available money, and the marketplace's top-up and withdrawal rules. */
export async function getWallet(): Promise<Wallet> {
  return walletSchema.parse(await api.get("wallet").json());
}

export function walletQueryOptions() {
  return queryOptions({ queryKey: walletSummaryQueryKey, queryFn: getWallet });
}

/** The signed-in user's wallet; the Buy dialog asks only when the balance is short (`enabled`). */
export function useWallet(enabled = true) {
  return useQuery({ ...walletQueryOptions(), enabled });
}
