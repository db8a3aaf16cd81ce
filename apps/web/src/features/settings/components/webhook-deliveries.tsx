import { Badge, Button, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { WebhookAttempt, WebhookDelivery } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { useDeliveries, useResendDelivery } from "../api/webhooks";
import { SettingsList } from "./settings-list";

const statusColor = { pending: "yellow", succeeded: "teal", failed: "red" } as const;

/** An endpoint's latest deliveries: each try with what the endpoint answered, and Resend. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation("settings");
  const resend = useResendDelivery(webhookId);
  return (
    <SettingsList
      query={useDeliveries(webhookId)}
      label={t("api.webhooks.deliveries")}
      loadError={t("api.loadError")}
      empty={t("api.webhooks.noDeliveries")}
      loading={<Loader size="sm" role="progressbar" aria-label={t("api.webhooks.loading")} />}
    >
      {(delivery) => (
        <DeliveryRow
          key={delivery.id}
          delivery={delivery}
          resending={resend.isPending && resend.variables === delivery.id}
          onResend={() => resend.mutate(delivery.id)}
        />
      )}
    </SettingsList>
  );
}

function DeliveryRow({
  delivery,
  resending,
  onResend,
}: {
  delivery: WebhookDelivery;
  resending: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <Paper component="li" bg="gray.0" p="xs" radius="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge size="sm" color={statusColor[delivery.status]} variant="light">
              {t(`api.webhooks.status.${delivery.status}`)}
            </Badge>
            <Text size="sm" ff="monospace">
              {delivery.event}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(delivery.created_at)}
            </Text>
          </Group>
          <Button size="compact-xs" variant="light" onClick={onResend} loading={resending}>
            {t("api.webhooks.resend")}
          </Button>
        </Group>
        {delivery.attempts.map((attempt, index) => (
          <AttemptLine key={index} attempt={attempt} />
        ))}
        {delivery.next_attempt_at && (
          <Text size="xs" c="dimmed">
            {t("api.webhooks.nextAttempt", { time: formatDateTime(delivery.next_attempt_at) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** One try: the endpoint's status and the start of its answer, or why there was none. */
function AttemptLine({ attempt }: { attempt: WebhookAttempt }) {
  const { t } = useTranslation("settings");
  const time = formatDateTime(attempt.at);
  const text =
    attempt.status_code === null
      ? t("api.webhooks.attemptFailed", { time, error: attempt.error ?? "" })
      : t("api.webhooks.attemptAnswered", { time, status: attempt.status_code, ms: attempt.duration_ms }) +
        (attempt.response ? ` — ${attempt.response}` : "");
  // An answer may be a page of HTML or a stack trace: three lines of it, the whole start on hover.
  return (
    <Text size="xs" lineClamp={3} title={attempt.response ?? undefined} style={{ wordBreak: "break-word" }}>
      {text}
    </Text>
  );
}
