import { useState } from "react";
import { Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { useRequestPasswordResetCode } from "../api/request-password-reset-code";
import { useValidationMessage } from "../hooks/use-validation-message";
import { checkEmail } from "../lib/validation";
import { ErrorBanner } from "./error-banner";

/** Reset step waitEmail: the account's e-mail, to which the code is sent. */
export function ResetEmailStep({ onSent }: { onSent: (email: string, resendAt: number) => void }) {
  const { t } = useTranslation("auth");
  const message = useValidationMessage();
  const requestCode = useRequestPasswordResetCode();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: "" }, validate: { email: (value) => message(checkEmail(value)) } });

  const submit = form.onSubmit(({ email }) => {
    setRefusal(null);
    const trimmed = email.trim();
    requestCode.mutate(trimmed, {
      onSuccess: (resendAfter) => onSent(trimmed, Date.now() + resendAfter * 1000),
      onError: (error) => setRefusal(describeError(error)),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {refusal && <ErrorBanner>{refusal}</ErrorBanner>}
        <TextInput label={t("fields.email")} type="email" autoComplete="email" {...form.getInputProps("email")} />
        <Button type="submit" fullWidth loading={requestCode.isPending}>
          {t("passwordReset.sendCode")}
        </Button>
      </Stack>
    </form>
  );
}
