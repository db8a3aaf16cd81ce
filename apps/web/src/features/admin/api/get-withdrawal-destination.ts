import { useMutation } from "@tanstack/react-query";
import { withdrawalDestinationSchema, type WithdrawalDestination } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** GET /admin/withdrawals/{id}/destination: the full number, for paying by hand; every reading is audited. */
export async function getWithdrawalDestination(id: string): Promise<WithdrawalDestination> {
  const body = await api.get(`admin/withdrawals/${encodeURIComponent(id)}/destination`).json();
  return withdrawalDestinationSchema.parse(body);
}

/**
 * Read on request only, never cached or refetched: each reading leaves a line in the audit log, so it happens
 * when the admin asks and once.
 */
export function useRevealDestination() {
  return useMutation({ mutationFn: getWithdrawalDestination });
}
