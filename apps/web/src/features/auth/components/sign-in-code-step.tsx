import { useState } from "react";
import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { LoginRequest } from "@lootlane/contract";
import type { CurrentUser } from "@/shared/auth/current-user";
import { describeError } from "@/shared/errors/error-message";
import { useRequestSignInCode } from "../api/request-sign-in-code";
import { asksSecondFactor, useSignIn } from "../api/sign-in";
import { checkSignUpCode } from "../lib/validation";
import { CodeStep } from "./code-step";
import { ErrorBanner } from "./error-banner";

interface SignInCodeStepProps {
  credentials: { email: string; password: string };
  resendAt: number;
  onResent: (resendAt: number) => void;
  onSignedIn: (user: CurrentUser) => void;
  /** The password and code were right and the account asks for its second factor: sent again with it. */
  onSecondFactor: (credentials: LoginRequest) => void;
}

/**
 * Sign-in while the account is locked after too many wrong passwords (tried by anyone): the password already
 * typed plus the six-digit code mailed to the account's address.
 */
export function SignInCodeStep({ credentials, resendAt, onResent, onSignedIn, onSecondFactor }: SignInCodeStepProps) {
  const { t } = useTranslation("auth");
  const signIn = useSignIn();
  const resend = useRequestSignInCode();
  const [resendError, setResendError] = useState<string | null>(null);

  const confirmCode = (code: string, refuseCode: (message: string) => void) => {
    signIn.mutate(
      { ...credentials, code },
      {
        onSuccess: onSignedIn,
        onError: (error) =>
          asksSecondFactor(error) ? onSecondFactor({ ...credentials, code }) : refuseCode(describeError(error)),
      },
    );
  };

  const resendCode = () => {
    setResendError(null);
    resend.mutate(credentials, {
      onSuccess: (resendAfter) => onResent(Date.now() + resendAfter * 1000),
      onError: (error) => setResendError(describeError(error)),
    });
  };

  return (
    <CodeStep
      sentTo={t("signIn.codeSentTo", { email: credentials.email })}
      confirmLabel={t("signIn.confirmCode")}
      check={checkSignUpCode}
      onConfirm={confirmCode}
      confirming={signIn.isPending}
      banner={
        resendError ? (
          <ErrorBanner title={t("signIn.errorSendCode")}>{resendError}</ErrorBanner>
        ) : (
          <Alert color="yellow" variant="light">
            {t("signIn.locked")}
          </Alert>
        )
      }
      resendAt={resendAt}
      onResend={resendCode}
      resending={resend.isPending}
    />
  );
}
