import { useState } from "react";
import { Alert, Badge, Button, Checkbox, Code, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, type Webhook } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { useCreateWebhook, useDeleteWebhook, useWebhooks } from "../api/webhooks";
import { SettingsList } from "./settings-list";
import { SettingsSection } from "./settings-section";
import { ShownOnceDialog } from "./shown-once-dialog";
import { WebhookDeliveries } from "./webhook-deliveries";

const refusals = {
  codes: { WEBHOOK_URL_NOT_ALLOWED: "url", WEBHOOK_LIMIT_REACHED: "url" },
  serverFields: { url: "url", events: "events" },
} as const;

/**
 * Webhook endpoints (issue 25): an address and the events it is told of; the signing secret is shown once; each
 * endpoint shows its latest deliveries, which can be sent again.
 */
export function WebhooksSettings() {
  const { t } = useTranslation("settings");
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { url: "", events: [] as string[] },
    validate: {
      url: (value) => (/^https?:\/\/\S+$/i.test(value.trim()) ? null : t("api.webhooks.urlInvalid")),
      events: (value) => (value.length === 0 ? t("api.webhooks.eventsRequired") : null),
    },
  });

  const submit = form.onSubmit(({ url, events }) => {
    setRefusal(null);
    create.mutate(
      { url: url.trim(), events: WEBHOOK_EVENTS.filter((event) => events.includes(event)) },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          form.reset();
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, refusals);
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
          else setRefusal(describeError(error));
        },
      },
    );
  });

  return (
    <SettingsSection title={t("api.webhooks.title")} description={t("api.webhooks.description")}>
      <WebhookList />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput
            label={t("api.webhooks.url")}
            placeholder="https://bot.example.com/lootlane"
            maxLength={WEBHOOK_URL_MAX}
            {...form.getInputProps("url")}
          />
          <Checkbox.Group label={t("api.webhooks.events")} {...form.getInputProps("events")}>
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox
                  key={event}
                  value={event}
                  label={
                    <>
                      <Code>{event}</Code> {t(`api.events.${event}`)}
                    </>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t("api.webhooks.create")}
            </Button>
          </Group>
        </Stack>
      </form>
      <ShownOnceDialog
        value={secret}
        title={t("api.webhooks.createdTitle")}
        warning={t("api.webhooks.shownOnce")}
        copyLabel={t("api.webhooks.copy")}
        testId="new-webhook-secret"
        onClose={() => setSecret(null)}
      />
    </SettingsSection>
  );
}

function WebhookList() {
  const { t } = useTranslation("settings");
  return (
    <SettingsList
      query={useWebhooks()}
      label={t("api.webhooks.listLabel")}
      loadError={t("api.loadError")}
      empty={t("api.webhooks.none")}
    >
      {(webhook) => <WebhookRow key={webhook.id} webhook={webhook} />}
    </SettingsList>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation("settings");
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          {/* At least 16rem wide, so on a phone the address has the whole line and the buttons go below it. */}
          <Stack gap={4} style={{ minWidth: 0, flex: "1 1 16rem" }}>
            <Text fw={500} size="sm" style={{ wordBreak: "break-all" }}>
              {webhook.url}
            </Text>
            <Group gap={4} wrap="wrap">
              {webhook.events.map((event) => (
                <Badge key={event} size="sm" variant="outline" tt="none">
                  {event}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Group gap={4}>
            <Button size="xs" variant="subtle" onClick={() => setOpen((was) => !was)} aria-expanded={open}>
              {open ? t("api.webhooks.hideDeliveries") : t("api.webhooks.showDeliveries")}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => setConfirming(true)}
              aria-label={t("api.webhooks.deleteLabel", { url: webhook.url })}
            >
              {t("api.webhooks.delete")}
            </Button>
          </Group>
        </Group>
        {open && <WebhookDeliveries webhookId={webhook.id} />}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("api.webhooks.deleteTitle")}
        confirmLabel={t("api.webhooks.delete")}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(webhook.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{t("api.webhooks.deleteText", { url: webhook.url })}</Text>
      </ConfirmDialog>
    </Paper>
  );
}
