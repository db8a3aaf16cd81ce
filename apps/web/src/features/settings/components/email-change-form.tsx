import { useState } from "react";
import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { PasswordField } from "@/shared/auth/password-field";
import { useCurrentUser } from "@/shared/auth/current-user";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { useChangeEmail, useSendEmailChangeCode } from "../api/change-email";
import { SettingsSection } from "./settings-section";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const addressRefusals = {
  codes: { WRONG_PASSWORD: "password", EMAIL_ALREADY_EXISTS: "newEmail", EMAIL_CHANGE_SAME_EMAIL: "newEmail" },
  serverFields: { new_email: "newEmail", password: "password" },
} as const;

const codeRefusals = {
  codes: {
    WRONG_VERIFICATION_CODE: "code",
    VERIFICATION_CODE_EXPIRED: "code",
    EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED: "code",
  },
  serverFields: { code: "code" },
} as const;

/** Change of e-mail in two steps: the new address and the password, then the code mailed to the new address. */
export function EmailChangeForm() {
  const { t } = useTranslation("settings");
  const { data: user } = useCurrentUser();
  const sendCode = useSendEmailChangeCode();
  const changeEmail = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const addressForm = useForm({
    initialValues: { newEmail: "", password: "" },
    validate: {
      newEmail: (value) => (EMAIL.test(value.trim()) ? null : t("email.invalid")),
      password: (value) => (value === "" ? t("email.passwordRequired") : null),
    },
  });
  const codeForm = useForm({
    initialValues: { code: "" },
    validate: { code: (value) => (/^\d{6}$/.test(value) ? null : t("email.codeInvalid")) },
  });

  const submitAddress = addressForm.onSubmit(({ newEmail, password }) => {
    setRefusal(null);
    const address = newEmail.trim().toLowerCase();
    sendCode.mutate(
      { new_email: address, password },
      {
        onSuccess: () => setSentTo(address),
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, addressRefusals);
          if (Object.keys(fieldErrors).length > 0) addressForm.setErrors(fieldErrors);
          else setRefusal(describeError(error));
        },
      },
    );
  });

  const submitCode = codeForm.onSubmit(({ code }) => {
    if (sentTo === null) return;
    setRefusal(null);
    changeEmail.mutate(
      { new_email: sentTo, code },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: t("email.success", { email: sentTo }) });
          setSentTo(null);
          addressForm.reset();
          codeForm.reset();
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, codeRefusals);
          if (Object.keys(fieldErrors).length > 0) codeForm.setErrors(fieldErrors);
          else setRefusal(describeError(error));
        },
      },
    );
  });

  return (
    <SettingsSection title={t("email.title")} description={t("email.description", { email: user?.email ?? "" })}>
      {refusal && (
        <Alert color="red" variant="light">
          {refusal}
        </Alert>
      )}
      {sentTo === null ? (
        <form onSubmit={submitAddress} noValidate>
          <Stack gap="md" maw={420}>
            <TextInput
              type="email"
              label={t("email.new")}
              autoComplete="email"
              {...addressForm.getInputProps("newEmail")}
            />
            <PasswordField
              label={t("email.password")}
              autoComplete="current-password"
              {...addressForm.getInputProps("password")}
            />
            <Group>
              <Button type="submit" loading={sendCode.isPending}>
                {t("email.sendCode")}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate>
          <Stack gap="md" maw={420}>
            <Text size="sm">{t("email.codeSent", { email: sentTo })}</Text>
            <TextInput
              label={t("email.code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...codeForm.getInputProps("code")}
            />
            <Group gap="sm">
              <Button type="submit" loading={changeEmail.isPending}>
                {t("email.confirm")}
              </Button>
              <Button variant="default" onClick={() => setSentTo(null)}>
                {t("email.back")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SettingsSection>
  );
}
