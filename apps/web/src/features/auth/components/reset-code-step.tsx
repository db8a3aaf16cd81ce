import { useState, type FormEvent } from "react";
import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { CodeInput } from "@/shared/ui/code-input";
import { useConfirmPasswordResetCode } from "../api/confirm-password-reset-code";
import { useRequestPasswordResetCode } from "../api/request-password-reset-code";
import { useValidationMessage } from "../hooks/use-validation-message";
import { checkResetCode } from "../lib/validation";
import { ErrorBanner } from "./error-banner";
import { ResendCode } from "./resend-code";

interface ResetCodeStepProps {
  email: string;
  resendAt: number;
  onResent: (resendAt: number) => void;
  onConfirmed: (code: string) => void;
}

/** Reset step waitConfirmCode: the six digits from the e-mail, checked before a new password is asked for. */
export function ResetCodeStep({ email, resendAt, onResent, onConfirmed }: ResetCodeStepProps) {
  const { t } = useTranslation("auth");
  const message = useValidationMessage();
  const confirm = useConfirmPasswordResetCode();
  const resend = useRequestPasswordResetCode();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = message(checkResetCode(code));
    setCodeError(problem);
    if (problem) return;
    setRefusal(null);
    confirm.mutate(
      { email, code },
      { onSuccess: () => onConfirmed(code), onError: (error) => setRefusal(describeError(error)) },
    );
  };

  const resendCode = () => {
    setRefusal(null);
    resend.mutate(email, {
      onSuccess: (resendAfter) => onResent(Date.now() + resendAfter * 1000),
      onError: (error) => setRefusal(describeError(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {refusal && <ErrorBanner>{refusal}</ErrorBanner>}
        <Text size="sm">{t("passwordReset.codeSentTo", { email })}</Text>
        <CodeInput
          label={t("fields.code")}
          value={code}
          onChange={(value) => {
            setCode(value);
            setCodeError(null);
          }}
          error={codeError}
        />
        <Button type="submit" fullWidth loading={confirm.isPending}>
          {t("passwordReset.confirmCode")}
        </Button>
        <ResendCode resendAt={resendAt} onResend={resendCode} pending={resend.isPending} />
      </Stack>
    </form>
  );
}
