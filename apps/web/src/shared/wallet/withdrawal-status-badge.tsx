import { Badge, type MantineColor } from "@mantine/core";
import type { WithdrawalStatus } from "@lootlane/contract";
import { useTranslation } from "react-i18next";

const COLORS: Record<WithdrawalStatus, MantineColor> = {
  pending: "yellow",
  processing: "blue",
  paid: "green",
  rejected: "red",
  canceled: "gray",
};

/** Where a withdrawal stands, the same words for its owner and for the admin who pays it. */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation("common");
  return (
    <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`withdrawalStatus.${status}`)}
    </Badge>
  );
}
