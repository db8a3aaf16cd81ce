import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /admin/categories (SPEC §2 Admin categories). */
export function AdminCategoriesPage() {
  const { t } = useTranslation("admin");
  return <PageTitle>{t("categories.title")}</PageTitle>;
}
