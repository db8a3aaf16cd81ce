import { useTranslation } from "react-i18next";
import { DATE_LOCALE, type ProductPage } from "@lootlane/contract";
import { PagedList } from "../paged-list";
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
    <PagedList
      items={data.products}
      page={data.page}
      totalPages={data.total_pages}
      totalText={t("products.total", { count: data.total, total: countFormat.format(data.total) })}
      emptyText={filtered ? t("products.emptyFiltered") : t("products.empty")}
      listLabel={t("products.listLabel")}
      paginationLabel={t("products.pagination")}
      stale={stale}
      onPage={onPage}
      itemKey={(product) => product.id}
      renderItem={(product) => <AdminProductCard product={product} />}
    />
  );
}
