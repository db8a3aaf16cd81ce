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
import { ApiSettingsLink } from "../components/api-settings-link";
import { TwoFactorSettings } from "../components/two-factor-settings";

/**
 * /settings (ARCHITECTURE §4 Accounts): language, notifications, password and e-mail change, two-factor sign-in,
 * signed-in devices, the seller API (its own page), export of one's data and deleting the account. Always the user's own.
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
        <TwoFactorSettings />
        <EmailChangeForm />
        <SessionsSettings />
        <ApiSettingsLink />
        <ExportSettings />
        <DeleteAccountSettings />
      </Stack>
    </Box>
  );
}
