import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /admin/products (SPEC §2 Admin products). */
export function AdminProductsPage() {
  const { t } = useTranslation("admin");
  return <PageTitle>{t("products.title")}</PageTitle>;
}
