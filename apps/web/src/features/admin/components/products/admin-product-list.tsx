import { Center, Pagination, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DATE_LOCALE, type ProductPage } from "@lootlane/contract";
import { AdminProductCard } from "./admin-product-card";

const countFormat = new Intl.NumberFormat(DATE_LOCALE);

interface AdminProductListProps {
  data: ProductPage;
  filtered: boolean;
  /** An earlier answer is shown while the one asked for loads. */
  stale: boolean;
  onPage: (page: number) => void;
}

/** One page of products in the server's order, with the total and paging. */
export function AdminProductList({ data, filtered, stale, onPage }: AdminProductListProps) {
  const { t } = useTranslation("adminCatalog");
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t("products.total", { count: data.total, total: countFormat.format(data.total) })}
      </Text>
      {data.products.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {filtered ? t("products.emptyFiltered") : t("products.empty")}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          aria-label={t("products.listLabel")}
          aria-busy={stale}
          style={{ listStyle: "none", opacity: stale ? 0.6 : 1, transition: "opacity 150ms" }}
        >
          {data.products.map((product) => (
            <AdminProductCard key={product.id} product={product} />
          ))}
        </Stack>
      )}
      {data.total_pages > 1 && (
        <Center component="nav" aria-label={t("products.pagination")}>
          <Pagination
            total={data.total_pages}
            value={data.page}
            onChange={onPage}
            siblings={1}
            boundaries={1}
            size="sm"
            getControlProps={(control) => ({ "aria-label": t(`products.pageControl.${control}`) })}
            getItemProps={(page) => ({ "aria-label": t("products.pageNumber", { page }) })}
          />
        </Center>
      )}
    </Stack>
  );
}
