import { Badge, type MantineColor } from "@mantine/core";
import type { DealStatus } from "@lootlane/contract";
import { useTranslation } from "react-i18next";

const COLORS: Record<DealStatus, MantineColor> = {
  purchased: "yellow",
  completed: "green",
  disputed: "red",
  refunded: "gray",
};

/** Where a deal stands in its lifecycle (ARCHITECTURE §4 "Deal lifecycle"), in the admin's language. */
export function AdminDealStatusBadge({ status }: { status: DealStatus }) {
  const { t } = useTranslation("adminDeals");
  return (
    <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
