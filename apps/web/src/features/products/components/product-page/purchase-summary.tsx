import { Alert, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatBalance, formatPrice } from "@lootlane/contract";

interface PurchaseSummaryProps {
  title: string;
  price: number;
  balance: number;
  frozen: boolean;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}

/** What the buyer is about to pay for and with: the product, its price, their balance, and why they cannot pay if so. */
export function PurchaseSummary({ title, price, balance, frozen }: PurchaseSummaryProps) {
  const { t } = useTranslation("products");
  return (
    <Stack gap="sm">
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {title}
      </Text>
      <Figure label={t("buy.price")} value={formatPrice(price)} />
      <Figure label={t("buy.balance")} value={formatBalance(balance)} />
      {frozen ? (
        <Alert color="yellow">{t("buy.frozen")}</Alert>
      ) : balance < price ? (
        <Alert color="yellow">{t("buy.missing", { amount: formatBalance(price - balance) })}</Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t("buy.escrow")}
        </Text>
      )}
    </Stack>
  );
}
