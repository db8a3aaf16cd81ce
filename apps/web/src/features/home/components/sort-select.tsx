import { NativeSelect } from "@mantine/core";
import { productSortSchema, type ProductSort } from "@lootlane/contract";
import { useTranslation } from "react-i18next";

/** What a search is ordered by without a sort: the API's own best-match order. */
const RELEVANCE = "relevance";

interface SortSelectProps {
  sort: ProductSort | undefined;
  /** A search offers its best-match order first; a listing is newest first by default. */
  searching: boolean;
  onChange: (sort: ProductSort | undefined) => void;
}

function isSort(value: string): value is ProductSort {
  return productSortSchema.safeParse(value).success;
}

/** The listing's order. The default order leaves the address without `sort`, so every listing has one address. */
export function SortSelect({ sort, searching, onChange }: SortSelectProps) {
  const { t } = useTranslation("home");
  const orders = [...(searching ? [RELEVANCE] : []), ...productSortSchema.options];
  const fallback = searching ? RELEVANCE : "newest";
  return (
    <NativeSelect
      label={t("sort.label")}
      value={sort ?? fallback}
      data={orders.map((order) => ({ value: order, label: t(`sort.${order as ProductSort | typeof RELEVANCE}`) }))}
      onChange={(event) => {
        const value = event.currentTarget.value;
        onChange(isSort(value) && value !== fallback ? value : undefined);
      }}
    />
  );
}
