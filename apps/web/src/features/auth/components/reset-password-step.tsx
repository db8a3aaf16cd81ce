import { useState } from "react";
import { Button, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN, PASSWORD_SPECIALS } from "@lootlane/contract";
import { PasswordChecklist } from "@/shared/auth/password-checklist";
import { PasswordField } from "@/shared/auth/password-field";
import { describeError } from "@/shared/errors/error-message";
import { useSetNewPassword } from "../api/set-new-password";
import { useValidationMessage } from "../hooks/use-validation-message";
import { checkNewPassword, checkRepeat } from "../lib/validation";
import { ErrorBanner } from "./error-banner";

interface ResetPasswordStepProps {
  email: string;
  code: string;
  onChanged: () => void;
}

/** Reset step waitNewPassword: the new password twice, each with a show/hide toggle. */
export function ResetPasswordStep({ email, code, onChanged }: ResetPasswordStepProps) {
  const { t } = useTranslation("auth");
  const message = useValidationMessage();
  const setNewPassword = useSetNewPassword();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: "", repeat: "" },
    validate: {
      // Sign-up's rule (the contract's password schema); the length has its own message (SPEC §5).
      password: (value) => message(checkNewPassword(value)),
      repeat: (value, values) => message(checkRepeat(value, values.password, "passwordsDoNotMatch")),
    },
  });

  const submit = form.onSubmit(({ password }) => {
    setRefusal(null);
    setNewPassword.mutate(
      { email, code, new_password: password },
      { onSuccess: onChanged, onError: (error) => setRefusal(describeError(error)) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {refusal && <ErrorBanner>{refusal}</ErrorBanner>}
        <Stack gap="xs">
          <PasswordField
            label={t("fields.newPassword")}
            description={t("passwordReset.newPasswordHint", { count: PASSWORD_MIN, specials: PASSWORD_SPECIALS })}
            autoComplete="new-password"
            autoFocus
            {...form.getInputProps("password")}
          />
          <PasswordChecklist password={form.values.password} />
        </Stack>
        <PasswordField
          label={t("fields.repeatNewPassword")}
          autoComplete="new-password"
          {...form.getInputProps("repeat")}
        />
        <Button type="submit" fullWidth loading={setNewPassword.isPending}>
          {t("passwordReset.savePassword")}
        </Button>
      </Stack>
    </form>
  );
}
