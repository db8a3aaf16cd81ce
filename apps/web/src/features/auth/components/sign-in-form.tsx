import { useState } from "react";
import { Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import type { CurrentUser } from "@/shared/auth/current-user";
import { PasswordField } from "@/shared/auth/password-field";
import { readReturnPath } from "@/shared/auth/return-path";
import { useReplaceCurrentUser } from "@/shared/auth/session";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { useSignIn } from "../api/sign-in";
import { useValidationMessage } from "../hooks/use-validation-message";
import { checkEmail, checkSignInPassword } from "../lib/validation";
import { ErrorBanner } from "./error-banner";

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
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: {
      email: (value) => message(checkEmail(value)),
      password: (value) => message(checkSignInPassword(value)),
    },
  });

  const submit = form.onSubmit(({ email, password }) => {
    setRefusal(null);
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (user) => {
          replaceCurrentUser(user);
          // Replace: Back from the next screen should not return to a filled-in sign-in form.
          void navigate(readReturnPath(location.state) ?? homeOf(user), { replace: true });
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, { serverFields: { email: "email", password: "password" } });
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
          else setRefusal(describeError(error));
        },
      },
    );
  });

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
        <Button type="submit" fullWidth loading={signIn.isPending}>
          {t("signIn.submit")}
        </Button>
      </Stack>
    </form>
  );
}
