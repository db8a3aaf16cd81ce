import { useMutation, useQueryClient } from "@tanstack/react-query";
import { withdrawalSchema, type Withdrawal, type WithdrawalRequestInput } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { refreshMoney } from "@/shared/wallet/wallet-sync";

/** POST /wallet/withdrawals: the amount and fee leave the available balance at once and wait for an admin. */
export async function createWithdrawal(request: WithdrawalRequestInput): Promise<Withdrawal> {
  return withdrawalSchema.parse(await api.post("wallet/withdrawals", { json: request }).json());
}

/** Asks for a withdrawal; the balance, the statement and the list of withdrawals are fetched again. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    // The form shows the refusal next to its field or above it.
    meta: { notifyError: false },
    onSuccess: () => refreshMoney(queryClient),
  });
}
