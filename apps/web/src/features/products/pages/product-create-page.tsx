import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /product/create (SPEC §2 Create product). */
export function ProductCreatePage() {
  const { t } = useTranslation("productForm");
  return <PageTitle>{t("create.title")}</PageTitle>;
}
