import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /admin (SPEC §2 Admin dashboard). */
export function AdminDashboardPage() {
  const { t } = useTranslation("admin");
  return <PageTitle>{t("dashboard.title")}</PageTitle>;
}
