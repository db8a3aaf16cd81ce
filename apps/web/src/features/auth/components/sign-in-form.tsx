import { useState } from "react";
import { Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import type { LoginRequest } from "@lootlane/contract";
import type { CurrentUser } from "@/shared/auth/current-user";
import { PasswordField } from "@/shared/auth/password-field";
import { readReturnPath } from "@/shared/auth/return-path";
import { useReplaceCurrentUser } from "@/shared/auth/session";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { useRequestSignInCode } from "../api/request-sign-in-code";
import { asksSecondFactor, offersSignInCode, useSignIn } from "../api/sign-in";
import { useValidationMessage } from "../hooks/use-validation-message";
import { checkEmail, checkSignInPassword } from "../lib/validation";
import { ErrorBanner } from "./error-banner";
import { SignInCodeStep } from "./sign-in-code-step";
import { TwoFactorStep } from "./two-factor-step";

/** SPEC §2 redirects: an admin lands in the admin area, anyone else on the home page. */
function homeOf(user: CurrentUser): string {
  return user.role === "admin" ? "/admin" : "/";
}

export function SignInForm() {
  const { t } = useTranslation("auth");
  const message = useValidationMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const replaceCurrentUser = useReplaceCurrentUser();
  const signIn = useSignIn();
  const requestCode = useRequestSignInCode();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [locked, setLocked] = useState<{ email: string; password: string; resendAt: number } | null>(null);
  const [secondFactorFor, setSecondFactorFor] = useState<LoginRequest | null>(null);
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: {
      email: (value) => message(checkEmail(value)),
      password: (value) => message(checkSignInPassword(value)),
    },
  });

  const signedIn = (user: CurrentUser) => {
    replaceCurrentUser(user);
    // Replace: Back from the next screen should not return to a filled-in sign-in form.
    void navigate(readReturnPath(location.state) ?? homeOf(user), { replace: true });
  };

  // The account is locked for the hour (someone spent its wrong passwords): its owner gets in with a mailed code.
  const offerCode = (credentials: { email: string; password: string }) => {
    requestCode.mutate(credentials, {
      onSuccess: (resendAfter) => setLocked({ ...credentials, resendAt: Date.now() + resendAfter * 1000 }),
      onError: (error) => setRefusal(describeError(error)),
    });
  };

  const submit = form.onSubmit(({ email, password }) => {
    setRefusal(null);
    const credentials = { email: email.trim(), password };
    signIn.mutate(credentials, {
      onSuccess: signedIn,
      onError: (error) => {
        if (offersSignInCode(error)) return offerCode(credentials);
        if (asksSecondFactor(error)) return setSecondFactorFor(credentials);
        const fieldErrors = fieldErrorsOf(error, { serverFields: { email: "email", password: "password" } });
        if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
        else setRefusal(describeError(error));
      },
    });
  });

  if (secondFactorFor) return <TwoFactorStep credentials={secondFactorFor} onSignedIn={signedIn} />;

  if (locked) {
    return (
      <SignInCodeStep
        credentials={{ email: locked.email, password: locked.password }}
        resendAt={locked.resendAt}
        onResent={(resendAt) => setLocked({ ...locked, resendAt })}
        onSignedIn={signedIn}
        onSecondFactor={setSecondFactorFor}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {refusal && <ErrorBanner>{refusal}</ErrorBanner>}
        <TextInput label={t("fields.email")} type="email" autoComplete="email" {...form.getInputProps("email")} />
        <Stack gap={4}>
          <PasswordField
            label={t("fields.password")}
            autoComplete="current-password"
            {...form.getInputProps("password")}
          />
          <Anchor component={Link} to="/password-reset" size="sm" style={{ alignSelf: "flex-end" }}>
            {t("signIn.forgotPassword")}
          </Anchor>
        </Stack>
        <Button type="submit" fullWidth loading={signIn.isPending || requestCode.isPending}>
          {t("signIn.submit")}
        </Button>
      </Stack>
    </form>
  );
}
