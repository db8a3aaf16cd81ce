import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApproveWithdrawal, RejectWithdrawal } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminQueryKeys } from "./admin-query-keys";
import { adminWithdrawalsQueryKey } from "./get-admin-withdrawals";

export type WithdrawalDecision =
  | { id: string; decision: "approve"; request: ApproveWithdrawal }
  | { id: string; decision: "reject"; request: RejectWithdrawal };

/**
 * POST /admin/withdrawals/{id}/approve (paid by hand with its reference, or a provider payout sent) or /reject
 * (with the reason the user reads; the money returns to their balance). The list is read again afterwards, so
 * the answer itself is not needed.
 */
export async function decideWithdrawal({ id, decision, request }: WithdrawalDecision): Promise<void> {
  await api.post(`admin/withdrawals/${encodeURIComponent(id)}/${decision}`, { json: request });
}

/**
 * The admin's decision on a withdrawal. Success or failure the list is fetched again: a refusal usually means
 * another admin decided it meanwhile, or the user canceled it. The dashboard's waiting figures change too.
 */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideWithdrawal,
    // The dialog shows why it failed.
    meta: { notifyError: false },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminWithdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.dashboard }),
      ]),
  });
}
