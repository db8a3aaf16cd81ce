import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /admin/users/edit/{id} (SPEC §2 Admin edit user). */
export function AdminUserEditPage() {
  const { t } = useTranslation("admin");
  return <PageTitle>{t("userEdit.title")}</PageTitle>;
}
