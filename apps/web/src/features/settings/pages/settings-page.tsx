import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /settings: language, password change, sign out everywhere (ARCHITECTURE §4). */
export function SettingsPage() {
  const { t } = useTranslation("settings");
  return <PageTitle>{t("title")}</PageTitle>;
}
