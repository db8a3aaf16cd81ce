import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { adminDealsQuerySchema, type DealStatus } from "@lootlane/contract";
import { PageTitle } from "@/shared/ui/page-title";
import { useAdminDeals } from "../api/get-admin-deals";
import { AdminDealList } from "../components/deals/admin-deal-list";
import { DealListSkeleton } from "../components/deals/deal-list-skeleton";
import { DealStatusFilter } from "../components/deals/deal-status-filter";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/** The filter and page live in the address (`?status=disputed&page=2`), so reload and Back keep them. */
function useDealsSearch() {
  const [params, setParams] = useSearchParams();
  // What the address says, as the server's own query rules read it; anything else is left out.
  const query = adminDealsQuerySchema.shape;
  const status = query.status.safeParse(params.get("status") ?? undefined).data ?? null;
  const page = query.page.safeParse(params.get("page") ?? undefined).data ?? 1;
  const userId = query.user_id.safeParse(params.get("user_id") ?? undefined).data ?? null;

  function update(next: { status?: DealStatus | null; page?: number }) {
    setParams((current) => {
      const result = new URLSearchParams(current);
      if (next.status !== undefined) {
        if (next.status) result.set("status", next.status);
        else result.delete("status");
        // Another filter starts again at its first page.
        result.delete("page");
      }
      if (next.page !== undefined) {
        if (next.page > 1) result.set("page", String(next.page));
        else result.delete("page");
      }
      return result;
    });
  }

  return { status, page, userId, update };
}

/**
 * /admin/deals (ARCHITECTURE §4 "Disputes, reviews, deals page"): every deal, open disputes first, with the
 * admin's decision on each dispute — release the money to the seller, or refund the buyer.
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
        {deals.isPending ? (
          <DealListSkeleton />
        ) : deals.isError && !deals.data ? (
          <LoadErrorAlert title={t("errorLoading")} error={deals.error} onRetry={() => void deals.refetch()} />
        ) : (
          <AdminDealList data={deals.data} filtered={status !== null || userId !== null} stale={deals.isPlaceholderData} onPage={(next) => update({ page: next })} />
        )}
      </Stack>
    </Stack>
  );
}
