import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /signin (SPEC §2 Sign in). */
export function SignInPage() {
  const { t } = useTranslation("auth");
  return <PageTitle>{t("signIn.title")}</PageTitle>;
}
