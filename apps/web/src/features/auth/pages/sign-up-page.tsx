import { useState } from "react";
import { Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { useSendVerificationCode } from "../api/send-verification-code";
import { AuthCard } from "../components/auth-card";
import { SignUpCodeStep } from "../components/sign-up-code-step";
import { SignUpForm } from "../components/sign-up-form";
import { signUpRefusalFields, useSignUpForm } from "../hooks/use-sign-up-form";

/** Where the code went, and when the server allows another one. */
interface CodeSent {
  email: string;
  username: string;
  resendAt: number;
}

/** /signup (SPEC §2, §4 Sign-up flow): the form, then the e-mailed code; success signs in and goes home. */
export function SignUpPage() {
  const { t } = useTranslation("auth");
  const form = useSignUpForm();
  const sendCode = useSendVerificationCode();
  const [step, setStep] = useState<"form" | "code">("form");
  const [codeSent, setCodeSent] = useState<CodeSent | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const showFormRefusal = (error: unknown) => {
    setStep("form");
    const fieldErrors = fieldErrorsOf(error, signUpRefusalFields);
    if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
    else setSendError(describeError(error));
  };

  const submitForm = form.onSubmit(({ email, username }) => {
    const account = { email: email.trim(), username: username.trim() };
    setSendError(null);
    // Back from the code step with the same e-mail and username: that code is still valid, and asking for
    // another before resend_after would only be refused.
    if (codeSent?.email === account.email && codeSent.username === account.username) {
      setStep("code");
      return;
    }
    sendCode.mutate(account, {
      onSuccess: (resendAfter) => {
        setCodeSent({ ...account, resendAt: Date.now() + resendAfter * 1000 });
        setStep("code");
      },
      onError: showFormRefusal,
    });
  });

  if (step === "code" && codeSent) {
    return (
      <AuthCard title={t("signUp.title")} description={t("signUp.codeDescription")}>
        <SignUpCodeStep
          account={{ email: codeSent.email, username: codeSent.username, password: form.values.password }}
          resendAt={codeSent.resendAt}
          onResent={(resendAt) => setCodeSent({ ...codeSent, resendAt })}
          onEdit={() => setStep("form")}
          onFormRefused={showFormRefusal}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("signUp.title")}
      description={t("signUp.description")}
      footer={
        <Text size="sm">
          {t("signUp.hasAccount")}{" "}
          <Anchor component={Link} to="/signin" fw={600}>
            {t("signUp.signInLink")}
          </Anchor>
        </Text>
      }
    >
      <SignUpForm form={form} onSubmit={submitForm} pending={sendCode.isPending} sendError={sendError} />
    </AuthCard>
  );
}
