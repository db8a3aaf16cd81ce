import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /admin/users (SPEC §2 Admin users). */
export function AdminUsersPage() {
  const { t } = useTranslation("admin");
  return <PageTitle>{t("users.title")}</PageTitle>;
}
