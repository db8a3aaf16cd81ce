import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DATE_LOCALE, formatBalance, type DashboardInfo } from "@lootlane/contract";
import { BoxIcon, RoubleIcon, ShieldCheckIcon, UsersIcon } from "@/shared/ui/icons";
import { PageTitle } from "@/shared/ui/page-title";
import { useDashboardInfo } from "../api/get-dashboard-info";
import { DashboardGrid } from "../components/dashboard/dashboard-grid";
import { ArrowDownIcon, ArrowUpIcon, HandshakeIcon, HourglassIcon } from "../components/dashboard/dashboard-icons";
import { DashboardSkeleton } from "../components/dashboard/dashboard-skeleton";
import { StatCard } from "../components/dashboard/stat-card";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/** Counts follow the app's one number rule (ru-RU, as shared/format does for money): "1 234". */
const countFormat = new Intl.NumberFormat(DATE_LOCALE);
const CARD_COUNT = 11;

function DashboardCards({ info }: { info: DashboardInfo }) {
  const { t } = useTranslation("admin");
  return (
    <DashboardGrid>
      <StatCard
        label={t("dashboard.users")}
        value={countFormat.format(info.count_of_users)}
        icon={<UsersIcon size={20} />}
        color="blue"
        link={{ to: "/admin/users", label: t("dashboard.manageUsers") }}
      />
      <StatCard
        label={t("dashboard.products")}
        value={countFormat.format(info.count_of_products)}
        icon={<BoxIcon size={20} />}
        color="grape"
      />
      <StatCard
        label={t("dashboard.productsInModeration")}
        value={countFormat.format(info.products_in_moderation)}
        icon={<HourglassIcon size={20} />}
        color="yellow"
        link={{ to: "/admin/products?status=moderation", label: t("dashboard.moderate") }}
      />
      <StatCard
        label={t("dashboard.openDisputes")}
        value={countFormat.format(info.open_disputes)}
        icon={<ShieldCheckIcon size={20} />}
        color="red"
        link={{ to: "/admin/deals", label: t("dashboard.resolveDisputes") }}
      />
      <StatCard
        label={t("dashboard.dealsLast7Days")}
        value={countFormat.format(info.deals_last_7_days)}
        icon={<HandshakeIcon size={20} />}
        color="teal"
      />
      <StatCard
        label={t("dashboard.turnoverLast7Days")}
        value={formatBalance(info.turnover_last_7_days)}
        icon={<RoubleIcon size={20} />}
        color="green"
      />
      <StatCard
        label={t("dashboard.topUpsLast7Days")}
        value={formatBalance(info.top_ups_last_7_days)}
        icon={<ArrowDownIcon size={20} />}
        color="green"
      />
      <StatCard
        label={t("dashboard.payoutsLast7Days")}
        value={formatBalance(info.payouts_last_7_days)}
        icon={<ArrowUpIcon size={20} />}
        color="orange"
      />
      <StatCard
        label={t("dashboard.commissionEarned")}
        value={formatBalance(info.commission_earned)}
        icon={<RoubleIcon size={20} />}
        color="teal"
      />
      <StatCard
        label={t("dashboard.heldInEscrow")}
        value={formatBalance(info.held_in_escrow)}
        icon={<ShieldCheckIcon size={20} />}
        color="blue"
      />
      <StatCard
        label={t("dashboard.pendingWithdrawals")}
        value={formatBalance(info.pending_withdrawals)}
        note={t("dashboard.withdrawalsWaiting", {
          count: info.withdrawals_waiting,
          total: countFormat.format(info.withdrawals_waiting),
        })}
        icon={<HourglassIcon size={20} />}
        color="yellow"
        link={{ to: "/admin/withdrawals?status=pending", label: t("dashboard.decideWithdrawals") }}
      />
    </DashboardGrid>
  );
}

/** /admin (SPEC §2 Admin dashboard): the counts of users and products, and beyond the spec what waits for an admin. */
export function AdminDashboardPage() {
  const { t } = useTranslation("admin");
  const dashboard = useDashboardInfo();
  return (
    <Stack gap={0}>
      <PageTitle>{t("dashboard.title")}</PageTitle>
      {dashboard.isPending ? (
        <DashboardSkeleton count={CARD_COUNT} />
      ) : dashboard.isError ? (
        <LoadErrorAlert
          title={t("dashboard.errorLoading")}
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <DashboardCards info={dashboard.data} />
      )}
    </Stack>
  );
}
