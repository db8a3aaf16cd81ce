import { Badge, type MantineColor } from "@mantine/core";
import { useTranslation } from "react-i18next";

type KnownLabel = "active" | "sold" | "pending";

/** ARCHITECTURE §4 profile labels: a buyer-facing summary of the product lifecycle, not its raw state. */
const LABELS = new Map<string, KnownLabel>([
  ["active", "active"],
  ["purchased", "sold"],
  ["completed", "sold"],
  ["moderation", "pending"],
]);

const COLORS: Record<KnownLabel, MantineColor> = { active: "green", sold: "blue", pending: "yellow" };

/** A product's status on its card: ACTIVE, SOLD or PENDING; any other value as the server wrote it, in a neutral style. */
export function ProductStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("common");
  const label = LABELS.get(status);
  if (!label) {
    return (
      <Badge color="gray" variant="outline">
        {status}
      </Badge>
    );
  }
  return (
    <Badge color={COLORS[label]} variant="light">
      {t(`productStatus.${label}`)}
    </Badge>
  );
}
