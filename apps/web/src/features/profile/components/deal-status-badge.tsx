import { Badge, type MantineColor } from "@mantine/core";
import type { DealStatus } from "@lootlane/contract";
import { useTranslation } from "react-i18next";

const COLORS: Record<DealStatus, MantineColor> = {
  purchased: "yellow",
  completed: "green",
  disputed: "red",
  refunded: "gray",
};

/** Where a deal stands, as both its members read it in their purchases and sales. */
export function DealStatusBadge({ status }: { status: DealStatus }) {
  const { t } = useTranslation("profile");
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`deals.status.${status}`)}
    </Badge>
  );
}
