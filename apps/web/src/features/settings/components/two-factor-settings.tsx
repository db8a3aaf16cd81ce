import { useState } from "react";
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "@/shared/auth/current-user";
import { PasswordField } from "@/shared/auth/password-field";
import { describeError } from "@/shared/errors/error-message";
import { useDisableTwoFactor } from "../api/disable-two-factor";
import { SettingsSection } from "./settings-section";
import { TwoFactorSetup } from "./two-factor-setup";

/** Settings → two-factor sign-in: set it up, or turn it off with the password and a code (admins must keep it). */
export function TwoFactorSettings() {
  const { t } = useTranslation("settings");
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <SettingsSection title={t("twoFactor.title")} description={t("twoFactor.description")}>
      {!user.two_factor_enabled ? (
        <TwoFactorSetup />
      ) : user.role === "admin" ? (
        <Text size="sm">{t("twoFactor.onAdmin")}</Text>
      ) : (
        <DisableTwoFactorForm />
      )}
    </SettingsSection>
  );
}

function DisableTwoFactorForm() {
  const { t } = useTranslation("settings");
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [useRecovery, setUseRecovery] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (password === "" || code.trim() === "") return setRefusal(t("twoFactor.disableMissing"));
    setRefusal(null);
    const factor = useRecovery ? { recovery_code: code.trim() } : { totp_code: code.trim() };
    disable.mutate({ password, ...factor }, { onError: (error) => setRefusal(describeError(error)) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <Text size="sm">{t("twoFactor.on")}</Text>
        {refusal && (
          <Alert color="red" variant="light">
            {refusal}
          </Alert>
        )}
        <PasswordField
          label={t("twoFactor.password")}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Stack gap={4}>
          <TextInput
            label={useRecovery ? t("twoFactor.recoveryCode") : t("twoFactor.code")}
            inputMode={useRecovery ? "text" : "numeric"}
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? t("twoFactor.useApp") : t("twoFactor.useRecovery")}
          </Anchor>
        </Stack>
        <Group>
          <Button type="submit" color="red" variant="outline" loading={disable.isPending}>
            {t("twoFactor.turnOff")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
