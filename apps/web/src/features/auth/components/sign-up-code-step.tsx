import { useState } from "react";
import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useReplaceCurrentUser } from "@/shared/auth/session";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { ArrowLeftIcon } from "@/shared/ui/icons";
import { useConfirmVerificationCode } from "../api/confirm-verification-code";
import { useSendVerificationCode } from "../api/send-verification-code";
import { signUpRefusalFields } from "../hooks/use-sign-up-form";
import { checkSignUpCode } from "../lib/validation";
import { CodeStep } from "./code-step";
import { ErrorBanner } from "./error-banner";

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
  const navigate = useNavigate();
  const replaceCurrentUser = useReplaceCurrentUser();
  const confirm = useConfirmVerificationCode();
  const resend = useSendVerificationCode();
  const [resendError, setResendError] = useState<string | null>(null);

  const confirmCode = (code: string, refuseCode: (message: string) => void) => {
    confirm.mutate(
      { ...account, email_code: code },
      {
        onSuccess: (user) => {
          replaceCurrentUser(user);
          void navigate("/", { replace: true });
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error, signUpRefusalFields)).length > 0) onFormRefused(error);
          else refuseCode(describeError(error));
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
    <CodeStep
      sentTo={t("signUp.codeSentTo", { email: account.email })}
      confirmLabel={t("signUp.confirm")}
      check={checkSignUpCode}
      onConfirm={confirmCode}
      confirming={confirm.isPending}
      banner={resendError && <ErrorBanner title={t("signUp.errorSendCode")}>{resendError}</ErrorBanner>}
      resendAt={resendAt}
      onResend={resendCode}
      resending={resend.isPending}
    >
      <Button variant="default" leftSection={<ArrowLeftIcon size={16} />} onClick={onEdit}>
        {t("signUp.edit")}
      </Button>
    </CodeStep>
  );
}
