import { useEffect, useState } from "react";
import { Alert, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/shared/api/api-error";
import { describeError } from "@/shared/errors/error-message";
import { startPush, stopPush } from "../api/push-subscription";
import { currentPushSubscription, pushUnavailability } from "../lib/browser-push";

type PushState = "checking" | "unsupported" | "denied" | "off" | "on";

/** "Push notifications in this browser": a switch bound to this browser's subscription, or why there is none. */
export function PushSettings() {
  const { t } = useTranslation("settings");
  const [state, setState] = useState<PushState>(() => pushUnavailability() ?? "checking");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (state !== "checking") return;
    let current = true;
    currentPushSubscription().then(
      (subscription) => current && setState(subscription ? "on" : "off"),
      () => current && setState("off"),
    );
    return () => {
      current = false;
    };
  }, [state]);

  async function toggle(on: boolean) {
    setBusy(true);
    setFailure(null);
    try {
      if (on) {
        const outcome = await startPush();
        setState(outcome === "on" ? "on" : outcome === "denied" ? "denied" : "off");
      } else {
        await stopPush();
        setState("off");
      }
    } catch (error) {
      // The API's refusals say why; the browser's own failures (its push service) say little worth showing.
      setFailure(error instanceof ApiError ? describeError(error) : t("notifications.push.browserError"));
    } finally {
      setBusy(false);
    }
  }

  const unavailable = state === "unsupported" || state === "denied";
  return (
    <Stack gap="xs">
      <Switch
        label={t("notifications.push.label")}
        description={t("notifications.push.description")}
        checked={state === "on"}
        disabled={unavailable || state === "checking" || busy}
        onChange={(change) => void toggle(change.currentTarget.checked)}
      />
      {unavailable && (
        <Text size="sm" c="dimmed" role="note">
          {state === "unsupported" ? t("notifications.push.unsupported") : t("notifications.push.denied")}
        </Text>
      )}
      {failure && (
        <Alert color="red" title={t("notifications.push.failed")} role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
