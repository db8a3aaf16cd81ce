import { useTranslation } from "react-i18next";
import { DATE_LOCALE, type DealPage } from "@lootlane/contract";
import { PagedList } from "../paged-list";
import { AdminDealCard } from "./admin-deal-card";

const countFormat = new Intl.NumberFormat(DATE_LOCALE);

interface AdminDealListProps {
  data: DealPage;
  filtered: boolean;
  /** An earlier answer is shown while the one asked for loads. */
  stale: boolean;
  onPage: (page: number) => void;
}

/** One page of deals as the server orders them (open disputes first, then newest), with the total and paging. */
export function AdminDealList({ data, filtered, stale, onPage }: AdminDealListProps) {
  const { t } = useTranslation("adminDeals");
  return (
    <PagedList
      items={data.deals}
      page={data.page}
      totalPages={data.total_pages}
      totalText={t("total", { count: data.total, total: countFormat.format(data.total) })}
      emptyText={filtered ? t("emptyFiltered") : t("empty")}
      listLabel={t("listLabel")}
      paginationLabel={t("pagination")}
      stale={stale}
      onPage={onPage}
      itemKey={(deal) => deal.id}
      renderItem={(deal) => <AdminDealCard deal={deal} />}
    />
  );
}
