import { useState } from "react";
import { Alert, Button, Group, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { isStrongPassword } from "@lootlane/contract";
import { PasswordChecklist } from "@/shared/auth/password-checklist";
import { PasswordField } from "@/shared/auth/password-field";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { useChangePassword } from "../api/change-password";
import { SettingsSection } from "./settings-section";

const refusalFields = {
  codes: { WRONG_PASSWORD: "currentPassword", WEAK_PASSWORD: "newPassword" },
  serverFields: { current_password: "currentPassword", new_password: "newPassword" },
} as const;

/** Change password: the current one, then the new one twice; the new one must meet the strong rule (SPEC §5). */
export function ChangePasswordForm() {
  const { t } = useTranslation("settings");
  const changePassword = useChangePassword();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: "", newPassword: "", repeatPassword: "" },
    validate: {
      currentPassword: (value) => (value === "" ? t("password.currentRequired") : null),
      newPassword: (value) =>
        value === "" ? t("password.newRequired") : isStrongPassword(value) ? null : t("password.newWeak"),
      repeatPassword: (value, values) => (value === values.newPassword ? null : t("password.mismatch")),
    },
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) => {
    setRefusal(null);
    changePassword.mutate(
      { current_password: currentPassword, new_password: newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: "teal", message: t("password.success") });
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, refusalFields);
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
          else setRefusal(describeError(error));
        },
      },
    );
  });

  return (
    <SettingsSection title={t("password.title")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          {refusal && (
            <Alert color="red" variant="light">
              {refusal}
            </Alert>
          )}
          <PasswordField
            label={t("password.current")}
            autoComplete="current-password"
            {...form.getInputProps("currentPassword")}
          />
          <Stack gap="xs">
            <PasswordField
              label={t("password.new")}
              autoComplete="new-password"
              {...form.getInputProps("newPassword")}
            />
            <PasswordChecklist password={form.values.newPassword} />
          </Stack>
          <PasswordField
            label={t("password.repeat")}
            autoComplete="new-password"
            {...form.getInputProps("repeatPassword")}
          />
          <Group>
            <Button type="submit" loading={changePassword.isPending}>
              {t("password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
