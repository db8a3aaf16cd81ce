import type { ReactNode } from "react";
import { Alert, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatBalance, formatPrice } from "@lootlane/contract";

interface PurchaseSummaryProps {
  title: string;
  unitPrice: number;
  quantity: number;
  balance: number;
  frozen: boolean;
  /** Where the buyer chooses how many, when there is more than one to take. */
  quantityField?: ReactNode;
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

/**
 * What the buyer is about to pay for and with: the product, how many, the price (per unit and in total when more
 * than one), their balance, and why they cannot pay if so.
 */
export function PurchaseSummary({ title, unitPrice, quantity, balance, frozen, quantityField }: PurchaseSummaryProps) {
  const { t } = useTranslation("products");
  const total = unitPrice * quantity;
  return (
    <Stack gap="sm">
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {title}
      </Text>
      {quantityField}
      {quantity > 1 ? (
        <>
          <Figure label={t("buy.unitPrice")} value={formatPrice(unitPrice)} />
          <Figure label={t("buy.total", { count: quantity })} value={formatPrice(total)} />
        </>
      ) : (
        <Figure label={t("buy.price")} value={formatPrice(total)} />
      )}
      <Figure label={t("buy.balance")} value={formatBalance(balance)} />
      {frozen ? (
        <Alert color="yellow">{t("buy.frozen")}</Alert>
      ) : balance < total ? (
        <Alert color="yellow">{t("buy.missing", { amount: formatBalance(total - balance) })}</Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t("buy.escrow")}
        </Text>
      )}
    </Stack>
  );
}
