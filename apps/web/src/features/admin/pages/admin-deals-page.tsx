import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /admin/deals: open deals and disputes (ARCHITECTURE §4). */
export function AdminDealsPage() {
  const { t } = useTranslation("admin");
  return <PageTitle>{t("deals.title")}</PageTitle>;
}
