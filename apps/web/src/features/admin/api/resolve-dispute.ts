import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dealSchema, type Deal, type ResolveDisputeRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";
import { dealsQueryKey } from "@/shared/deals/deals-query-key";

export interface ResolveDisputeInput extends ResolveDisputeRequest {
  dealId: string;
}

/**
 * POST /admin/deals/{id}/resolve: `release` pays the seller, `refund` pays the buyer back and puts the product
 * back on sale or withdraws it. Answers the resolved deal.
 */
export async function resolveDispute({ dealId, ...request }: ResolveDisputeInput): Promise<Deal> {
  return dealSchema.parse(
    await api.post(`admin/deals/${encodeURIComponent(dealId)}/resolve`, { json: request }).json(),
  );
}

/**
 * The admin's decision on a dispute. Success or failure, the deals are fetched again: a refusal usually means
 * someone else resolved it meanwhile, and the list should show that. A refund changes the product's status.
 */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDispute,
    // The confirmation dialog shows why it failed.
    meta: { notifyError: false },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealsQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]),
  });
}
