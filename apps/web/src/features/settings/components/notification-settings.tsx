import { Alert, Center, Loader, Switch, Table, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { NotificationChannel } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { useNotificationPreferences } from "../api/get-notification-preferences";
import { useSaveNotificationPreference } from "../api/save-notification-preference";
import { PushSettings } from "./push-settings";
import { SettingsSection } from "./settings-section";

const CHANNELS: readonly NotificationChannel[] = ["in_app", "email", "push"];
const CHANNEL_COLUMN_PX = 64;

/** Settings → Notifications: every event × channel as switches, each saved when flipped, and this browser's push. */
export function NotificationSettings() {
  const { t } = useTranslation("settings");
  const { t: tn } = useTranslation("notifications");
  const { t: tc } = useTranslation("common");
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreference();

  let table;
  if (preferences.isPending) {
    table = (
      <Center py="md" role="status">
        <Loader size="sm" aria-hidden="true" />
        <VisuallyHidden>{tc("loading")}</VisuallyHidden>
      </Center>
    );
  } else if (preferences.isError) {
    table = (
      <LoadErrorAlert
        title={t("notifications.loadError")}
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
      />
    );
  } else {
    table = (
      // Fixed columns, so the three switches fit beside the event's name on a 375 px phone.
      <Table layout="fixed" verticalSpacing="xs" horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("notifications.event")}</Table.Th>
            {CHANNELS.map((channel) => (
              <Table.Th key={channel} ta="center" w={CHANNEL_COLUMN_PX} fz="xs">
                {t(`notifications.channels.${channel}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preferences.data.preferences.map((row) => {
            const event = tn(`events.${row.event}`);
            return (
              <Table.Tr key={row.event}>
                <Table.Td fz="sm">{event}</Table.Td>
                {CHANNELS.map((channel) => (
                  <Table.Td key={channel}>
                    <Center>
                      <Switch
                        size="sm"
                        checked={row[channel]}
                        aria-label={t("notifications.switch", {
                          event,
                          channel: t(`notifications.channels.${channel}`),
                        })}
                        onChange={(change) =>
                          save.mutate({ event: row.event, channel, enabled: change.currentTarget.checked })
                        }
                      />
                    </Center>
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <SettingsSection title={t("notifications.title")} description={t("notifications.description")}>
      {save.isError && (
        <Alert color="red" title={t("notifications.saveFailed")} role="alert">
          {describeError(save.error)}
        </Alert>
      )}
      {table}
      <PushSettings />
    </SettingsSection>
  );
}
