import { Alert, Box, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { formatBalance, type Wallet } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { TopUpModal } from "./top-up-modal";
import { WithdrawModal } from "./withdraw-modal";

function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Box component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={{ base: 22, sm: 26 }} fw={700} style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
        {formatBalance(value)}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Box>
  );
}

/**
 * The money at a glance — all of it, what waits in withdrawals, what can be spent, and what guarantees hold (not in
 * the total: it is not the seller's to spend yet) — with Top up and Withdraw.
 */
export function WalletSummary({ wallet, frozen }: { wallet: Wallet; frozen: boolean }) {
  const { t } = useTranslation("wallet");
  const [topUpOpened, topUp] = useDisclosure(false);
  const [withdrawOpened, withdraw] = useDisclosure(false);
  const topUpsOn = wallet.rules.provider !== "none";
  // Only sellers of goods with a guarantee ever have earnings held by one: everyone else never sees the figure.
  const guarded = wallet.guarantee_held > 0;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: guarded ? 2 : 3, md: guarded ? 4 : 3 }} spacing="md">
          <Figure label={t("summary.available")} value={wallet.available} hint={t("summary.availableHint")} />
          <Figure label={t("summary.held")} value={wallet.held} hint={t("summary.heldHint")} />
          <Figure label={t("summary.balance")} value={wallet.balance} />
          {guarded && (
            <Figure label={t("summary.guarantee")} value={wallet.guarantee_held} hint={t("summary.guaranteeHint")} />
          )}
        </SimpleGrid>
        {frozen && (
          <Alert color="blue" role="note">
            {t("summary.frozen")}
          </Alert>
        )}
        <Group gap="sm">
          {topUpsOn && <Button onClick={topUp.open}>{t("topUp.action")}</Button>}
          <Button variant="light" onClick={withdraw.open} disabled={frozen}>
            {t("withdraw.action")}
          </Button>
        </Group>
        {!topUpsOn && (
          <Text size="sm" c="dimmed">
            {t("topUp.off")}
          </Text>
        )}
      </Stack>
      {topUpsOn && <TopUpModal opened={topUpOpened} onClose={topUp.close} rules={wallet.rules} />}
      <WithdrawModal opened={withdrawOpened} onClose={withdraw.close} wallet={wallet} />
    </Card>
  );
}
