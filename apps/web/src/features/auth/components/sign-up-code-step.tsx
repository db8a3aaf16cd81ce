import { useState, type FormEvent } from "react";
import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useReplaceCurrentUser } from "@/shared/auth/session";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { ArrowLeftIcon } from "@/shared/ui/icons";
import { CodeInput } from "@/shared/ui/code-input";
import { useConfirmVerificationCode } from "../api/confirm-verification-code";
import { useSendVerificationCode } from "../api/send-verification-code";
import { signUpRefusalFields } from "../hooks/use-sign-up-form";
import { useValidationMessage } from "../hooks/use-validation-message";
import { checkSignUpCode } from "../lib/validation";
import { ErrorBanner } from "./error-banner";
import { ResendCode } from "./resend-code";

interface SignUpCodeStepProps {
  account: { email: string; username: string; password: string };
  resendAt: number;
  onResent: (resendAt: number) => void;
  /** Back to the form to change something. */
  onEdit: () => void;
  /** The server refused a detail of the form (e.g. the e-mail was taken meanwhile): the form shows it. */
  onFormRefused: (error: unknown) => void;
}

/** Sign-up step 2: the six-digit code from the e-mail creates the account and signs the user in. */
export function SignUpCodeStep({ account, resendAt, onResent, onEdit, onFormRefused }: SignUpCodeStepProps) {
  const { t } = useTranslation("auth");
  const message = useValidationMessage();
  const navigate = useNavigate();
  const replaceCurrentUser = useReplaceCurrentUser();
  const confirm = useConfirmVerificationCode();
  const resend = useSendVerificationCode();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = message(checkSignUpCode(code));
    setCodeError(problem);
    if (problem) return;
    confirm.mutate(
      { ...account, email_code: code },
      {
        onSuccess: (user) => {
          replaceCurrentUser(user);
          void navigate("/", { replace: true });
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error, signUpRefusalFields)).length > 0) onFormRefused(error);
          else setCodeError(describeError(error));
        },
      },
    );
  };

  const resendCode = () => {
    setResendError(null);
    resend.mutate(
      { email: account.email, username: account.username },
      {
        onSuccess: (resendAfter) => onResent(Date.now() + resendAfter * 1000),
        onError: (error) => setResendError(describeError(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {resendError && <ErrorBanner title={t("signUp.errorSendCode")}>{resendError}</ErrorBanner>}
        <Text size="sm">{t("signUp.codeSentTo", { email: account.email })}</Text>
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
          {t("signUp.confirm")}
        </Button>
        <ResendCode resendAt={resendAt} onResend={resendCode} pending={resend.isPending} />
        <Button variant="default" leftSection={<ArrowLeftIcon size={16} />} onClick={onEdit}>
          {t("signUp.edit")}
        </Button>
      </Stack>
    </form>
  );
}
