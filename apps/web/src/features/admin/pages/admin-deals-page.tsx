import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { adminDealsQuerySchema } from "@lootlane/contract";
import { PageTitle } from "@/shared/ui/page-title";
import { useAdminDeals } from "../api/get-admin-deals";
import { AdminDealList } from "../components/deals/admin-deal-list";
import { DealListSkeleton } from "../components/deals/deal-list-skeleton";
import { DealStatusFilter } from "../components/deals/deal-status-filter";
import { UserFilter } from "../components/users/user-filter";
import { useStatusPageAddress } from "../hooks/use-status-page-address";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/**
 * The deals screen's address: status and page, and the user whose deals the admin follows (`?user=`, the link on
 * a user's admin page), read with the server's rule for `user_id`.
 */
function useDealsSearch() {
  const query = adminDealsQuerySchema.shape;
  const { params, ...address } = useStatusPageAddress(query);
  const userId = query.user_id.safeParse(params.get("user") ?? undefined).data ?? null;
  return { ...address, userId };
}

/**
 * /admin/deals (ARCHITECTURE §4 "Disputes, reviews, deals page"): every deal, open disputes first, with the
 * admin's decision on each dispute — release the money to the seller, or refund the buyer. Filtered by status
 * and by one user, as buyer or seller.
 */
export function AdminDealsPage() {
  const { t } = useTranslation("adminDeals");
  const { status, page, userId, update } = useDealsSearch();
  const deals = useAdminDeals({ status, userId }, page);

  return (
    <Stack gap={0}>
      <PageTitle>{t("title")}</PageTitle>
      <Stack gap="md">
        <DealStatusFilter value={status} onChange={(next) => update({ status: next })} />
        <UserFilter label={t("filter.user")} userId={userId} onChange={(next) => update({ filters: { user: next } })} />
        {deals.isPending ? (
          <DealListSkeleton />
        ) : deals.isError && !deals.data ? (
          <LoadErrorAlert title={t("errorLoading")} error={deals.error} onRetry={() => void deals.refetch()} />
        ) : (
          <AdminDealList
            data={deals.data}
            filtered={status !== null || userId !== null}
            stale={deals.isPlaceholderData}
            onPage={(next) => update({ page: next })}
          />
        )}
      </Stack>
    </Stack>
  );
}
