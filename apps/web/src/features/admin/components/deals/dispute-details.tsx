import { Alert, Box, Group, Text } from "@mantine/core";
import type { Dispute } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/shared/format/date";

/**
 * What the buyer reported (reason, their words, when) and, once an admin decided, which way and when. An open
 * dispute stands out: the money waits in escrow for this decision.
 */
export function DisputeDetails({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation("adminDeals");
  const open = dispute.status === "open";
  return (
    <Alert
      color={open ? "orange" : "gray"}
      variant="light"
      title={open ? `${t("dispute.title")}: ${t("dispute.open")}` : t("dispute.title")}
    >
      <Box>
        <Text size="sm">
          <Text span inherit c="dimmed">
            {t("dispute.reason")}:
          </Text>{" "}
          <Text span inherit fw={600}>
            {t(`dispute.reasons.${dispute.reason}`)}
          </Text>
        </Text>
        <Text size="sm" c="dimmed" mt={6}>
          {t("dispute.buyerText")}:
        </Text>
        <Text
          size="sm"
          component="blockquote"
          m={0}
          pl="sm"
          style={{
            borderLeft: "3px solid var(--mantine-color-orange-4)",
            whiteSpace: "pre-wrap",
            overflowWrap: "anywhere",
          }}
        >
          {dispute.text}
        </Text>
        <Group gap="md" mt={6}>
          <Text size="xs" c="dimmed">
            {t("dispute.opened")} {formatDateTime(dispute.created_at)}
          </Text>
          {dispute.resolved_at && (
            <Text size="xs" c="dimmed">
              {t("dispute.resolved")} {formatDateTime(dispute.resolved_at)}
            </Text>
          )}
        </Group>
        {dispute.resolution && (
          <Text size="sm" fw={600} mt={6}>
            {t(`dispute.resolution.${dispute.resolution}`)}
          </Text>
        )}
      </Box>
    </Alert>
  );
}
