import { Badge, Stack, Text } from "@mantine/core";
import type { ChatProductCard } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { DealCountdown } from "./deal-countdown";

/**
 * Where the chat's deal stands, for both members: received ('Confirm Receipted', SPEC §2), waiting for the buyer
 * (the auto-confirmation countdown), disputed, or refunded. Nothing while nobody has bought in this chat.
 */
export function DealState({ product }: { product: ChatProductCard }) {
  const { t } = useTranslation("chats");
  const { deal } = product;
  if (deal?.status === "completed" || product.status === "completed") {
    return (
      <Badge color="green" variant="light">
        {t("purchase.confirmed")}
      </Badge>
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
