import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { adminProductsQuerySchema } from "@lootlane/contract";
import { PageTitle } from "@/shared/ui/page-title";
import { useAdminProducts } from "../api/get-admin-products";
import { AdminProductList } from "../components/products/admin-product-list";
import { AdminProductListSkeleton } from "../components/products/admin-product-list-skeleton";
import { ProductStatusFilter } from "../components/products/product-status-filter";
import { useStatusPageAddress } from "../hooks/use-status-page-address";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/**
 * /admin/products (SPEC §2 Admin products): every product or those of one status, each with what a moderator
 * needs to judge it, and Approve / Reject for those waiting in moderation.
 */
export function AdminProductsPage() {
  const { t } = useTranslation("adminCatalog");
  const { status, page, update } = useStatusPageAddress(adminProductsQuerySchema.shape);
  const products = useAdminProducts(status, page);

  return (
    <Stack gap={0}>
      <PageTitle>{t("products.title")}</PageTitle>
      <Stack gap="md">
        <ProductStatusFilter value={status} onChange={(next) => update({ status: next })} />
        {products.isPending ? (
          <AdminProductListSkeleton />
        ) : products.isError && !products.data ? (
          <LoadErrorAlert
            title={t("products.errorLoading")}
            error={products.error}
            onRetry={() => void products.refetch()}
          />
        ) : (
          <AdminProductList
            data={products.data}
            filtered={status !== null}
            stale={products.isPlaceholderData}
            onPage={(next) => update({ page: next })}
          />
        )}
      </Stack>
    </Stack>
  );
}
