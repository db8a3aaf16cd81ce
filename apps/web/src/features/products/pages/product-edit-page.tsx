import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /product/edit/{id} (SPEC §2; owner only, checked once the product loads). */
export function ProductEditPage() {
  const { t } = useTranslation("productForm");
  return <PageTitle>{t("edit.title")}</PageTitle>;
}
