import { Alert, Anchor, Box, Chip, Group, Stack, Text } from "@mantine/core";
import { stockUnitStateSchema, type ProductDetail, type StockUnitState } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { toApiError } from "@/shared/api/api-error";
import { useCurrentUser } from "@/shared/auth/current-user";
import { formatCount } from "@/shared/format/number";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { PageLoader } from "@/shared/ui/page-loader";
import { PageTitle } from "@/shared/ui/page-title";
import { useProduct } from "../api/get-product";
import { useStock } from "../api/get-stock";
import { ProductNotFound } from "../components/product-page/product-not-found";
import { AddStockForm } from "../components/stock/add-stock-form";
import { StockUnitList } from "../components/stock/stock-unit-list";

const ALL = "all" as const;

/** Which units and which page: kept in the address, so Back and a reload return to the same view. */
function useStockView() {
  const [params, setParams] = useSearchParams();
  const state = stockUnitStateSchema.safeParse(params.get("state")).data ?? null;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const show = (next: { state?: StockUnitState | null; page?: number }) => {
    const chosen = next.state === undefined ? state : next.state;
    const query = new URLSearchParams();
    if (chosen) query.set("state", chosen);
    // A new filter starts at its first page.
    const nextPage = next.state === undefined ? (next.page ?? page) : 1;
    if (nextPage > 1) query.set("page", String(nextPage));
    setParams(query);
  };
  return { state, page, show };
}

function StockView({ product, seller }: { product: ProductDetail; seller: boolean }) {
  const { t } = useTranslation("products");
  const { state, page, show } = useStockView();
  const stock = useStock(product.id, state, page);

  return (
    <Stack gap="lg">
      {stock.data && (
        <Group gap="lg" aria-live="polite">
          <Text fw={600}>{t("stock.inStock", { total: formatCount(stock.data.in_stock) })}</Text>
          <Text c="dimmed">{t("stock.sold", { total: formatCount(stock.data.sold) })}</Text>
        </Group>
      )}
      {seller && <AddStockForm productId={product.id} />}
      {/* Chips wrap on a phone, where four Russian labels do not fit one row. */}
      <Group gap="xs" role="radiogroup" aria-label={t("stock.filter")}>
        <Chip.Group
          multiple={false}
          value={state ?? ALL}
          onChange={(value) => show({ state: stockUnitStateSchema.safeParse(value).data ?? null })}
        >
          {([ALL, ...stockUnitStateSchema.options] as const).map((value) => (
            <Chip key={value} value={value} size="sm">
              {t(`stock.filters.${value}`)}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
      {stock.data ? (
        <StockUnitList
          productId={product.id}
          stock={stock.data}
          canRemove={seller}
          stale={stock.isPlaceholderData}
          onPage={(next) => show({ page: next })}
        />
      ) : stock.isError ? (
        <LoadErrorAlert title={t("stock.loadError")} error={stock.error} onRetry={() => void stock.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

/**
 * /product/{id}/stock (ARCHITECTURE §4 "Stock"): an `auto` listing's units with sold or not, paged; its seller adds
 * more and removes unsold ones, an admin reads. Units are the goods, so nobody else may open it.
 */
export function ProductStockPage() {
  const { t } = useTranslation("products");
  const { id = "" } = useParams();
  const product = useProduct(id);
  const { data: viewer } = useCurrentUser();

  if (product.isError && toApiError(product.error).status === 404) return <ProductNotFound />;
  if (!product.data) {
    if (!product.isError) return <PageLoader />;
    return <LoadErrorAlert title={t("loadError")} error={product.error} onRetry={() => void product.refetch()} />;
  }
  const { data } = product;
  if (!data.is_owner && viewer?.role !== "admin") return <Navigate to="/not-access" replace />;

  return (
    <Box maw={760} mx="auto">
      <PageTitle>{t("stock.title")}</PageTitle>
      <Anchor component={Link} to={`/product/${encodeURIComponent(data.id)}`} fw={600} mt="-sm" mb="lg" display="block">
        {data.title}
      </Anchor>
      {data.delivery === "auto" ? (
        <StockView product={data} seller={data.is_owner} />
      ) : (
        <Alert color="blue" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("stock.manual")}</Text>
            {data.is_owner && (
              <Anchor component={Link} to={`/product/edit/${encodeURIComponent(data.id)}`} size="sm">
                {t("edit")}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
    </Box>
  );
}
