import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /product/{productId} (SPEC §2 Product page). */
export function ProductPage() {
  const { t } = useTranslation("products");
  return <PageTitle>{t("page.title")}</PageTitle>;
}
