import { useState } from "react";
import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { LoginRequest } from "@lootlane/contract";
import type { CurrentUser } from "@/shared/auth/current-user";
import { describeError } from "@/shared/errors/error-message";
import { useSignIn } from "../api/sign-in";
import { ErrorBanner } from "./error-banner";

interface TwoFactorStepProps {
  /** What the first step sent (the password, and the mailed code of a locked account): sent again with the code. */
  credentials: LoginRequest;
  onSignedIn: (user: CurrentUser) => void;
}

const SIX_DIGITS = /^\d{6}$/;

/** Sign-in, second step: the six-digit code of the authenticator app, or one of the recovery codes instead. */
export function TwoFactorStep({ credentials, onSignedIn }: TwoFactorStepProps) {
  const { t } = useTranslation("auth");
  const signIn = useSignIn();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (useRecovery ? typed === "" : !SIX_DIGITS.test(typed)) {
      return setRefusal(t(useRecovery ? "twoFactor.recoveryRequired" : "twoFactor.codeInvalid"));
    }
    setRefusal(null);
    const factor = useRecovery ? { recovery_code: typed } : { totp_code: typed };
    signIn.mutate(
      { ...credentials, ...factor },
      { onSuccess: onSignedIn, onError: (error) => setRefusal(describeError(error)) },
    );
  };

  const switchKind = () => {
    setUseRecovery(!useRecovery);
    setCode("");
    setRefusal(null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{useRecovery ? t("twoFactor.recoveryPrompt") : t("twoFactor.prompt")}</Text>
        {refusal && <ErrorBanner>{refusal}</ErrorBanner>}
        <TextInput
          key={useRecovery ? "recovery" : "app"}
          label={useRecovery ? t("twoFactor.recoveryCode") : t("twoFactor.code")}
          inputMode={useRecovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          maxLength={useRecovery ? 64 : 6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={signIn.isPending}>
          {t("signIn.submit")}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={switchKind}>
          {useRecovery ? t("twoFactor.useApp") : t("twoFactor.useRecovery")}
        </Anchor>
      </Stack>
    </form>
  );
}
