import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /signup (SPEC §2 Sign up). */
export function SignUpPage() {
  const { t } = useTranslation("auth");
  return <PageTitle>{t("signUp.title")}</PageTitle>;
}
