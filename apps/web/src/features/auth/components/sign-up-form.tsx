import type { FormEvent } from "react";
import { Button, Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { PasswordChecklist } from "@/shared/auth/password-checklist";
import { PasswordField } from "@/shared/auth/password-field";
import type { SignUpValues } from "../hooks/use-sign-up-form";
import { ErrorBanner } from "./error-banner";

interface SignUpFormProps {
  form: UseFormReturnType<SignUpValues>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  /** Why the code could not be sent, when it is not about one field. */
  sendError: string | null;
}

/** Sign-up step 1: the account's details; submitting e-mails the confirmation code. */
export function SignUpForm({ form, onSubmit, pending, sendError }: SignUpFormProps) {
  const { t } = useTranslation("auth");
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {sendError && <ErrorBanner title={t("signUp.errorSendCode")}>{sendError}</ErrorBanner>}
        <TextInput label={t("fields.email")} type="email" autoComplete="email" {...form.getInputProps("email")} />
        <TextInput
          label={t("fields.username")}
          description={t("signUp.usernameHint")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps("username")}
        />
        <Stack gap="xs">
          <PasswordField label={t("fields.password")} autoComplete="new-password" {...form.getInputProps("password")} />
          <PasswordChecklist password={form.values.password} />
        </Stack>
        <PasswordField
          label={t("fields.confirmPassword")}
          autoComplete="new-password"
          {...form.getInputProps("confirmPassword")}
        />
        <Button type="submit" fullWidth loading={pending}>
          {t("signUp.submit")}
        </Button>
      </Stack>
    </form>
  );
}
