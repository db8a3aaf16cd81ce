import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /password-reset (SPEC §2 Password reset). */
export function PasswordResetPage() {
  const { t } = useTranslation("auth");
  return <PageTitle>{t("passwordReset.title")}</PageTitle>;
}
