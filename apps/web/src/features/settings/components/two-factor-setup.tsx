import { useState } from "react";
import { Alert, Box, Button, Code, CopyButton, Group, List, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import type { TwoFactorSetupResponse } from "@lootlane/contract";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { describeError } from "@/shared/errors/error-message";
import { useEnableTwoFactor } from "../api/enable-two-factor";
import { useStartTwoFactorSetup } from "../api/start-two-factor-setup";

const SIX_DIGITS = /^\d{6}$/;

/**
 * Turning two-factor sign-in on: a new secret as a QR code and as text to type in, confirmed with a first code;
 * then the recovery codes, shown once, to copy or download. The signed-in user is refreshed only when they say
 * the codes are put away, since the admin area replaces this screen as soon as the flag is on.
 */
export function TwoFactorSetup() {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const begin = () => start.mutate(undefined, { onSuccess: setSetup });

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!SIX_DIGITS.test(typed)) return setCodeError(t("twoFactor.codeInvalid"));
    setCodeError(null);
    enable.mutate(
      { code: typed },
      { onSuccess: setRecoveryCodes, onError: (error) => setCodeError(describeError(error)) },
    );
  };

  if (recoveryCodes) {
    const text = recoveryCodes.join("\n");
    const download = () => {
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain" }));
      link.download = "lootlane-recovery-codes.txt";
      link.click();
      URL.revokeObjectURL(link.href);
    };
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light">
          {t("twoFactor.enabled")}
        </Alert>
        <Text size="sm">{t("twoFactor.recoveryIntro")}</Text>
        <List spacing={4} listStyleType="none" data-testid="two-factor-recovery-codes">
          {recoveryCodes.map((recoveryCode) => (
            <List.Item key={recoveryCode}>
              <Code fz="sm">{recoveryCode}</Code>
            </List.Item>
          ))}
        </List>
        <Group gap="sm">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t("twoFactor.copied") : t("twoFactor.copy")}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={download}>
            {t("twoFactor.download")}
          </Button>
          <Button
            onClick={() => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey })}
            data-testid="two-factor-done"
          >
            {t("twoFactor.done")}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (!setup) {
    return (
      <Stack gap="sm" align="flex-start">
        {start.isError && (
          <Alert color="red" variant="light">
            {describeError(start.error)}
          </Alert>
        )}
        <Button onClick={begin} loading={start.isPending} data-testid="two-factor-start">
          {t("twoFactor.start")}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={confirm} noValidate>
      <Stack gap="md" maw={420}>
        <Text size="sm">{t("twoFactor.scan")}</Text>
        <Box bg="white" p="sm" w="fit-content" style={{ borderRadius: 8 }}>
          <QRCodeSVG value={setup.otpauth_url} size={176} title={t("twoFactor.qrTitle")} />
        </Box>
        <Stack gap={4}>
          <Text size="sm">{t("twoFactor.typeSecret")}</Text>
          <Code fz="sm" style={{ wordBreak: "break-all" }} data-testid="two-factor-secret">
            {setup.secret}
          </Code>
        </Stack>
        <TextInput
          label={t("twoFactor.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={codeError}
        />
        <Group>
          <Button type="submit" loading={enable.isPending}>
            {t("twoFactor.turnOn")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
