import { Badge, Text } from "@mantine/core";
import type { ChatMessage, OffPlatformKind } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { useChatOffPlatform } from "../../api/get-chat-off-platform";

/**
 * Issue 22: a message of a deal's chat holding contacts or payment details outside Lootlane, flagged for the
 * admin who weighs a dispute: a deal moved elsewhere is one the platform can no longer vouch for.
 */
export function OffPlatformBadge({ kinds }: { kinds: OffPlatformKind[] }) {
  const { t } = useTranslation("adminDeals");
  if (kinds.length === 0) return null;
  return (
    <Badge color="orange" variant="light" size="sm" tt="none" style={{ maxWidth: "100%", height: "auto" }}>
      {t("offPlatform.badge", { found: kinds.map((kind) => t(`offPlatform.kinds.${kind}`)).join(", ") })}
    </Badge>
  );
}

/** How many of the loaded messages are flagged, said once above the transcript; nothing when none is. */
export function OffPlatformCount({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation("adminDeals");
  const count = messages.filter((message) => message.off_platform.length > 0).length;
  if (count === 0) return null;
  return (
    <Text size="sm" c="orange.9" fw={500}>
      {t("offPlatform.count", { count })}
    </Text>
  );
}

/**
 * Beside a dispute, from the server's count over the whole chat: whether the deal was pulled elsewhere, before
 * the admin opens the transcript. Says nothing while loading, on an error (the transcript still shows the
 * flags) or when no message is flagged.
 */
export function OffPlatformDisputeNote({ chatId }: { chatId: string }) {
  const { t } = useTranslation("adminDeals");
  const summary = useChatOffPlatform(chatId);
  if (!summary.data || summary.data.flagged_messages === 0) return null;
  return (
    <Text size="sm" c="orange.9" fw={500} role="note">
      {t("offPlatform.inChat", {
        count: summary.data.flagged_messages,
        found: summary.data.kinds.map((kind) => t(`offPlatform.kinds.${kind}`)).join(", "),
      })}
    </Text>
  );
}
