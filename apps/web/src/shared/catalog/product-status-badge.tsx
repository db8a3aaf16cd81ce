import { Badge, type MantineColor } from "@mantine/core";
import type { ProductStatus } from "@lootlane/contract";
import { useTranslation } from "react-i18next";

export type ProductStatusLabel =
  "active" | "sold" | "pending" | "paused" | "rejected" | "refunded" | "withdrawn" | "suspended";

/**
 * ARCHITECTURE §4 profile labels: a buyer-facing summary of the product lifecycle, not its raw state. Beyond
 * ACTIVE, SOLD and PENDING only the seller (and admins) see a status, named in their language.
 */
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, ProductStatusLabel> = {
  active: "active",
  purchased: "sold",
  completed: "sold",
  moderation: "pending",
  paused: "paused",
  rejected: "rejected",
  refunded: "refunded",
  withdrawn: "withdrawn",
  suspended: "suspended",
};

/** The spec's three labels have colours; every other status keeps the neutral style. */
const COLORS: Partial<Record<ProductStatusLabel, MantineColor>> = { active: "green", sold: "blue", pending: "yellow" };

/** A product's status on its card: ACTIVE, SOLD or PENDING; any other status named in a neutral style. */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation("common");
  const label = PRODUCT_STATUS_LABELS[status];
  const color = COLORS[label];
  return (
    <Badge color={color ?? "gray"} variant={color ? "light" : "outline"}>
      {t(`productStatus.${label}`)}
    </Badge>
  );
}
