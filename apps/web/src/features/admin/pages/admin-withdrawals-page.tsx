import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { adminWithdrawalsQuerySchema } from "@lootlane/contract";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { PageTitle } from "@/shared/ui/page-title";
import { useAdminWithdrawals } from "../api/get-admin-withdrawals";
import { DealListSkeleton } from "../components/deals/deal-list-skeleton";
import { AdminWithdrawalList } from "../components/withdrawals/admin-withdrawal-list";
import { WithdrawalStatusFilter } from "../components/withdrawals/withdrawal-status-filter";
import { useStatusPageAddress } from "../hooks/use-status-page-address";

/**
 * /admin/withdrawals (issue 18): the users' withdrawals, by status, and the admin's decision on each waiting one —
 * approve (paid by hand with its reference, or sent as a provider payout) or reject with a reason.
 */
export function AdminWithdrawalsPage() {
  const { t } = useTranslation("adminWithdrawals");
  const { status, page, update } = useStatusPageAddress(adminWithdrawalsQuerySchema.shape);
  const withdrawals = useAdminWithdrawals(status, page);

  return (
    <Stack gap={0}>
      <PageTitle>{t("title")}</PageTitle>
      <Stack gap="md">
        <WithdrawalStatusFilter value={status} onChange={(next) => update({ status: next })} />
        {withdrawals.isPending ? (
          <DealListSkeleton />
        ) : withdrawals.isError && !withdrawals.data ? (
          <LoadErrorAlert
            title={t("errorLoading")}
            error={withdrawals.error}
            onRetry={() => void withdrawals.refetch()}
          />
        ) : (
          <AdminWithdrawalList
            data={withdrawals.data}
            filtered={status !== null}
            stale={withdrawals.isPlaceholderData}
            onPage={(next) => update({ page: next })}
          />
        )}
      </Stack>
    </Stack>
  );
}
