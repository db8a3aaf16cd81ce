import { Alert, Text, type MantineColor } from "@mantine/core";
import type { ProductDetail } from "@lootlane/contract";
import { useTranslation } from "react-i18next";

type Note = { key: "moderation" | "rejected" | "paused" | "withdrawn" | "soldOut"; color: MantineColor };

/**
 * What the seller (or an admin) needs to know about a listing not plainly on sale. Only they can open a product
 * in moderation, rejected, paused or taken down; a sold-out one's note is for its seller alone.
 */
function noteOf(product: Pick<ProductDetail, "status" | "is_owner">): Note | null {
  switch (product.status) {
    case "moderation":
      return { key: "moderation", color: "yellow" };
    case "rejected":
      return { key: "rejected", color: "red" };
    case "paused":
      return { key: "paused", color: "gray" };
    case "withdrawn":
      return { key: "withdrawn", color: "red" };
    case "purchased":
    case "completed":
    case "refunded":
      return product.is_owner ? { key: "soldOut", color: "blue" } : null;
    default:
      return null;
  }
}

/** The listing's state in words, with the admin's reason when it was rejected or taken down. */
export function ProductStatusNote({
  product,
}: {
  product: Pick<ProductDetail, "status" | "status_reason" | "is_owner">;
}) {
  const { t } = useTranslation("products");
  const note = noteOf(product);
  if (!note) return null;
  return (
    <Alert color={note.color} variant="light">
      <Text size="sm">{t(`status.${note.key}`)}</Text>
      {product.status_reason && (
        <Text size="sm" fw={600} mt={4} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
          {t("status.reason", { reason: product.status_reason })}
        </Text>
      )}
    </Alert>
  );
}
