import { useState } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { useConfirmPasswordResetCode } from "../api/confirm-password-reset-code";
import { useRequestPasswordResetCode } from "../api/request-password-reset-code";
import { checkResetCode } from "../lib/validation";
import { CodeStep } from "./code-step";
import { ErrorBanner } from "./error-banner";

interface ResetCodeStepProps {
  email: string;
  resendAt: number;
  onResent: (resendAt: number) => void;
  onConfirmed: (code: string) => void;
}

/** Reset step waitConfirmCode: the six digits from the e-mail, checked before a new password is asked for. */
export function ResetCodeStep({ email, resendAt, onResent, onConfirmed }: ResetCodeStepProps) {
  const { t } = useTranslation("auth");
  const confirm = useConfirmPasswordResetCode();
  const resend = useRequestPasswordResetCode();
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirmCode = (code: string) => {
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
    <CodeStep
      sentTo={t("passwordReset.codeSentTo", { email })}
      confirmLabel={t("passwordReset.confirmCode")}
      check={checkResetCode}
      onConfirm={confirmCode}
      confirming={confirm.isPending}
      banner={refusal && <ErrorBanner>{refusal}</ErrorBanner>}
      resendAt={resendAt}
      onResend={resendCode}
      resending={resend.isPending}
    />
  );
}
