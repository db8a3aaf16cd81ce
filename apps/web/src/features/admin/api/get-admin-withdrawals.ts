import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminWithdrawalPageSchema, type AdminWithdrawalPage, type WithdrawalStatus } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** Withdrawals per page of /admin/withdrawals. */
export const ADMIN_WITHDRAWALS_PAGE_SIZE = 20;

/** Every admin read of withdrawals; a decision invalidates it, and the dashboard with it. */
export const adminWithdrawalsQueryKey = ["admin", "withdrawals"] as const;

/** GET /admin/withdrawals: one page, the oldest waiting first for `pending`, otherwise the newest first. */
export async function getAdminWithdrawals(status: WithdrawalStatus | null, page: number): Promise<AdminWithdrawalPage> {
  const searchParams = new URLSearchParams({ page: String(page), per_page: String(ADMIN_WITHDRAWALS_PAGE_SIZE) });
  if (status) searchParams.set("status", status);
  return adminWithdrawalPageSchema.parse(await api.get("admin/withdrawals", { searchParams }).json());
}

/** One page of withdrawals; the previous page stays on screen while another page or status loads. */
export function useAdminWithdrawals(status: WithdrawalStatus | null, page: number) {
  return useQuery({
    queryKey: [...adminWithdrawalsQueryKey, { status, page }],
    queryFn: () => getAdminWithdrawals(status, page),
    placeholderData: keepPreviousData,
  });
}
