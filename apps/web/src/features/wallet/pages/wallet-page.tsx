import { Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "@/shared/auth/current-user";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { PageTitle } from "@/shared/ui/page-title";
import { useWallet } from "@/shared/wallet/get-wallet";
import { TopUpReturn } from "@/shared/wallet/top-up-return";
import { StatementList } from "../components/statement-list";
import { WalletSummary } from "../components/wallet-summary";
import { WithdrawalList } from "../components/withdrawal-list";

/**
 * /wallet (issue 18): the user's money, Top up and Withdraw, the statement of every movement and the withdrawals.
 * Coming back from the provider's page (`?top_up=<id>`), the top-up's status is shown live on top.
 */
export function WalletPage() {
  const { t } = useTranslation("wallet");
  const { data: user } = useCurrentUser();
  const wallet = useWallet();

  return (
    <Stack gap={0} maw={880} mx="auto">
      <PageTitle>{t("title")}</PageTitle>
      <Stack gap="lg">
        <TopUpReturn />
        {wallet.data ? (
          <WalletSummary wallet={wallet.data} frozen={user?.has_frozen_balance ?? false} />
        ) : wallet.isError ? (
          <LoadErrorAlert title={t("loadError")} error={wallet.error} onRetry={() => void wallet.refetch()} />
        ) : (
          <Skeleton height={160} radius="md" role="progressbar" aria-label={t("loading")} />
        )}
        <StatementList />
        <WithdrawalList />
      </Stack>
    </Stack>
  );
}
