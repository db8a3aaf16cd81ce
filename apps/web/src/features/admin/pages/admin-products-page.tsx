import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { adminProductsQuerySchema, type ProductStatus } from "@lootlane/contract";
import { PageTitle } from "@/shared/ui/page-title";
import { useAdminProducts } from "../api/get-admin-products";
import { AdminProductList } from "../components/products/admin-product-list";
import { AdminProductListSkeleton } from "../components/products/admin-product-list-skeleton";
import { ProductStatusFilter } from "../components/products/product-status-filter";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/** The filter and page live in the address (`?status=moderation&page=2`), so reload and Back keep them. */
function useProductsSearch() {
  const [params, setParams] = useSearchParams();
  // What the address says, read by the server's own query rules; anything else is left out.
  const query = adminProductsQuerySchema.shape;
  const status = query.status.safeParse(params.get("status") ?? undefined).data ?? null;
  const page = query.page.safeParse(params.get("page") ?? undefined).data ?? 1;

  function update(next: { status?: ProductStatus | null; page?: number }) {
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

  return { status, page, update };
}

/**
 * /admin/products (SPEC §2 Admin products): every product or those of one status, each with what a moderator
 * needs to judge it, and Approve / Reject for those waiting in moderation.
 */
export function AdminProductsPage() {
  const { t } = useTranslation("adminCatalog");
  const { status, page, update } = useProductsSearch();
  const products = useAdminProducts(status, page);

  return (
    <Stack gap={0}>
      <PageTitle>{t("products.title")}</PageTitle>
      <Stack gap="md">
        <ProductStatusFilter value={status} onChange={(next) => update({ status: next })} />
        {products.isPending ? (
          <AdminProductListSkeleton />
        ) : products.isError && !products.data ? (
          <LoadErrorAlert title={t("products.errorLoading")} error={products.error} onRetry={() => void products.refetch()} />
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
