import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/api";
import { refreshMoney } from "@/shared/wallet/wallet-sync";

/** DELETE /wallet/withdrawals/{id}: a withdrawal still waiting is called off and its money returns. */
export async function cancelWithdrawal(id: string): Promise<void> {
  await api.delete(`wallet/withdrawals/${encodeURIComponent(id)}`);
}

/** Success or refusal (say, an admin decided it meanwhile), the wallet is fetched again to show where it stands. */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    meta: { notifyError: false },
    onSettled: () => refreshMoney(queryClient),
  });
}
