import { useState } from "react";
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { PasswordField } from "@/shared/auth/password-field";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { useDeleteAccount } from "../api/delete-account";
import { SettingsSection } from "./settings-section";

const refusalFields = {
  codes: { WRONG_PASSWORD: "password", WRONG_TWO_FACTOR_CODE: "code", TWO_FACTOR_CODE_ALREADY_USED: "code" },
  serverFields: { password: "password", totp_code: "code", recovery_code: "code" },
} as const;

/**
 * The danger zone: deleting the account for good, after a confirmation with the password and, when the server
 * asks for it (two-factor sign-in on), an authenticator or recovery code. Refusals (deals still open, money on
 * the account) are shown in the dialog in the user's language.
 */
export function DeleteAccountSettings() {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation("common");
  const deleteAccount = useDeleteAccount();
  const [opened, { open, close }] = useDisclosure(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm({
    initialValues: { password: "", code: "" },
    validate: {
      password: (value) => (value === "" ? t("delete.passwordRequired") : null),
      code: (value) => (needsCode && value.trim() === "" ? t("delete.codeRequired") : null),
    },
  });

  const submit = form.onSubmit(({ password, code }) => {
    setRefusal(null);
    const trimmed = code.trim();
    const secondFactor = !needsCode
      ? {}
      : /^\d{6}$/.test(trimmed)
        ? { totp_code: trimmed }
        : { recovery_code: trimmed };
    deleteAccount.mutate(
      { password, ...secondFactor },
      {
        onError: (error) => {
          if (fieldErrorsOf(error, { codes: { TWO_FACTOR_REQUIRED: "code" } }).code) {
            setNeedsCode(true);
            return;
          }
          const fieldErrors = fieldErrorsOf(error, refusalFields);
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
          else setRefusal(describeError(error));
        },
      },
    );
  });

  const dismiss = () => {
    close();
    setRefusal(null);
    form.reset();
  };

  return (
    <SettingsSection title={t("delete.title")} description={t("delete.description")}>
      <Group>
        <Button color="red" variant="outline" onClick={open}>
          {t("delete.open")}
        </Button>
      </Group>
      <Modal opened={opened} onClose={dismiss} title={t("delete.confirmTitle")} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t("delete.confirmText")}</Text>
            {refusal && (
              <Alert color="red" variant="light">
                {refusal}
              </Alert>
            )}
            <PasswordField
              label={t("delete.password")}
              autoComplete="current-password"
              {...form.getInputProps("password")}
            />
            {needsCode && (
              <TextInput
                label={t("delete.code")}
                description={t("delete.codeHint")}
                autoComplete="one-time-code"
                {...form.getInputProps("code")}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={dismiss}>
                {tc("cancel")}
              </Button>
              <Button type="submit" color="red" loading={deleteAccount.isPending}>
                {t("delete.confirm")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SettingsSection>
  );
}
