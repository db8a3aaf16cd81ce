import { Box, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";
import { ChangePasswordForm } from "../components/change-password-form";
import { DeleteAccountSettings } from "../components/delete-account-settings";
import { EmailChangeForm } from "../components/email-change-form";
import { ExportSettings } from "../components/export-settings";
import { LanguageSettings } from "../components/language-settings";
import { NotificationSettings } from "../components/notification-settings";
import { SessionsSettings } from "../components/sessions-settings";

/**
 * /settings (ARCHITECTURE §4 Accounts): language, notifications, password and e-mail change, signed-in devices,
 * export of one's data and deleting the account. Always the user's own.
 */
export function SettingsPage() {
  const { t } = useTranslation("settings");
  return (
    <Box maw={640} mx="auto">
      <PageTitle>{t("title")}</PageTitle>
      <Stack gap="lg">
        <LanguageSettings />
        <NotificationSettings />
        <ChangePasswordForm />
        <EmailChangeForm />
        <SessionsSettings />
        <ExportSettings />
        <DeleteAccountSettings />
      </Stack>
    </Box>
  );
}
