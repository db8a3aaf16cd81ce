import { Badge, Stack, Text } from "@mantine/core";
import type { Deal, ProductStatus } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/shared/format/date";
import { DealCountdown } from "./deal-countdown";

interface DealStateProps {
  /** The card's own deal, or null while nobody has bought in this chat. */
  deal: Deal | null;
  /** The listing's status: it speaks only for a card without a deal. */
  productStatus: ProductStatus;
}

/**
 * Where the card's deal stands, for both members: received ('Confirm Receipted', SPEC §2, with its guarantee
 * window when it has one), waiting for the buyer
 * (the auto-confirmation countdown), disputed, or refunded. A listing that sells many times keeps its own status
 * apart from each deal's, so the deal decides. Nothing while nobody has bought in this chat.
 */
export function DealState({ deal, productStatus }: DealStateProps) {
  const { t } = useTranslation("chats");
  if (deal ? deal.status === "completed" : productStatus === "completed") {
    const guarantee = deal?.guarantee_until;
    return (
      <Stack gap={4} align="flex-start">
        <Badge color="green" variant="light">
          {t("purchase.confirmed")}
        </Badge>
        {guarantee && (
          <Text size="xs" c="dimmed">
            {deal.guarantee_released_at === null
              ? t("deal.guaranteeUntil", { date: formatDate(guarantee) })
              : t("deal.guaranteeEnded", { date: formatDate(deal.guarantee_released_at) })}
          </Text>
        )}
      </Stack>
    );
  }
  if (!deal) return null;
  if (deal.status === "purchased") return <DealCountdown autoConfirmAt={deal.auto_confirm_at} />;
  if (deal.status === "disputed") {
    return (
      <Stack gap={4} align="flex-start">
        <Badge color="orange" variant="light">
          {t("deal.disputeOpen")}
        </Badge>
        <Text size="xs" c="dimmed">
          {t("deal.disputeHint")}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed" fw={500}>
      {t("deal.refunded")}
    </Text>
  );
}
