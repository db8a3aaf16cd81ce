import { Badge, type MantineColor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ProductStatus } from "@lootlane/contract";

const COLORS: Record<ProductStatus, MantineColor> = {
  moderation: "yellow",
  active: "green",
  paused: "gray",
  rejected: "red",
  purchased: "blue",
  completed: "blue",
  refunded: "grape",
  withdrawn: "gray",
  suspended: "orange",
};

/**
 * The exact lifecycle state, as a moderator needs it: the buyer-facing ACTIVE / SOLD / PENDING summary of
 * the shared badge would hide rejected, paused, refunded, withdrawn and suspended products behind raw text.
 */
export function AdminProductStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation("adminCatalog");
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`products.status.${status}`)}
    </Badge>
  );
}
