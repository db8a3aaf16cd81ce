import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSecondsLeft } from "../hooks/use-seconds-left";

interface ResendCodeProps {
  /** When the server allows the next code (a Date.now() timestamp). */
  resendAt: number;
  onResend: () => void;
  pending: boolean;
}

/**
 * "Resend code", locked with a visible countdown until the server's resend_after has passed. The button keeps
 * one name throughout; the countdown is separate text, so a screen reader is not interrupted every second.
 */
export function ResendCode({ resendAt, onResend, pending }: ResendCodeProps) {
  const { t } = useTranslation("auth");
  const secondsLeft = useSecondsLeft(resendAt);
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        {secondsLeft > 0 ? t("resend.wait", { seconds: secondsLeft }) : t("resend.ready")}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={onResend} disabled={secondsLeft > 0} loading={pending}>
        {t("resend.button")}
      </Button>
    </Group>
  );
}
