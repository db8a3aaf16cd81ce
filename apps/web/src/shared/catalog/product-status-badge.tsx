import { Badge, type MantineColor } from "@mantine/core";
import { useTranslation } from "react-i18next";

type KnownLabel = "active" | "sold" | "pending" | "paused" | "rejected" | "refunded" | "withdrawn" | "suspended";

/**
 * ARCHITECTURE §4 profile labels: a buyer-facing summary of the product lifecycle, not its raw state. Beyond
 * ACTIVE, SOLD and PENDING only the seller (and admins) see a status, named in their language.
 */
const LABELS = new Map<string, KnownLabel>([
  ["active", "active"],
  ["purchased", "sold"],
  ["completed", "sold"],
  ["moderation", "pending"],
  ["paused", "paused"],
  ["rejected", "rejected"],
  ["refunded", "refunded"],
  ["withdrawn", "withdrawn"],
  ["suspended", "suspended"],
]);

/** The spec's three labels have colours; every other status keeps the neutral style. */
const COLORS: Partial<Record<KnownLabel, MantineColor>> = { active: "green", sold: "blue", pending: "yellow" };

/** A product's status on its card: ACTIVE, SOLD or PENDING; any other value in a neutral style, unknown ones raw. */
export function ProductStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("common");
  const label = LABELS.get(status);
  const color = label && COLORS[label];
  if (!color) {
    return (
      <Badge color="gray" variant="outline">
        {label ? t(`productStatus.${label}`) : status}
      </Badge>
    );
  }
  return (
    <Badge color={color} variant="light">
      {t(`productStatus.${label}`)}
    </Badge>
  );
}
