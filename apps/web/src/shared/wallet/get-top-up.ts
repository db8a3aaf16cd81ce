import { useQuery } from "@tanstack/react-query";
import { topUpSchema, type TopUp } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { topUpQueryKey } from "./wallet-query-keys";

/** How often a pending top-up is read again while the payer waits for the provider's word. */
export const TOP_UP_POLL_MS = 2000;

/** GET /wallet/top-ups/{id}: the top-up with its current status. */
export async function getTopUp(id: string): Promise<TopUp> {
  return topUpSchema.parse(await api.get(`wallet/top-ups/${encodeURIComponent(id)}`).json());
}

/** A top-up the payer came back from: read again every 2 s while pending (and on `wallet_changed`), then left. */
export function useTopUp(id: string) {
  return useQuery({
    queryKey: topUpQueryKey(id),
    queryFn: () => getTopUp(id),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? TOP_UP_POLL_MS : false),
  });
}
