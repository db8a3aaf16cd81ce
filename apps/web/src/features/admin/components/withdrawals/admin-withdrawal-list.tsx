import { useTranslation } from "react-i18next";
import { DATE_LOCALE, type AdminWithdrawalPage } from "@lootlane/contract";
import { PagedList } from "../paged-list";
import { AdminWithdrawalCard } from "./admin-withdrawal-card";

const countFormat = new Intl.NumberFormat(DATE_LOCALE);

interface AdminWithdrawalListProps {
  data: AdminWithdrawalPage;
  filtered: boolean;
  /** An earlier answer is shown while the one asked for loads. */
  stale: boolean;
  onPage: (page: number) => void;
}

/** One page of withdrawals as the server orders them, with the total and paging. */
export function AdminWithdrawalList({ data, filtered, stale, onPage }: AdminWithdrawalListProps) {
  const { t } = useTranslation("adminWithdrawals");
  return (
    <PagedList
      items={data.withdrawals}
      page={data.page}
      totalPages={data.total_pages}
      totalText={t("total", { count: data.total, total: countFormat.format(data.total) })}
      emptyText={filtered ? t("emptyFiltered") : t("empty")}
      listLabel={t("listLabel")}
      paginationLabel={t("pagination")}
      stale={stale}
      onPage={onPage}
      itemKey={(withdrawal) => withdrawal.id}
      renderItem={(withdrawal) => <AdminWithdrawalCard withdrawal={withdrawal} />}
    />
  );
}
