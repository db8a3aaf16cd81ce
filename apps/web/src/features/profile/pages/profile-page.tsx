import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageTitle } from "@/shared/ui/page-title";

/** /profile/{username} (SPEC §2 Profile, owner or visitor view). */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const { username = "" } = useParams();
  return <PageTitle>{t("title", { username })}</PageTitle>;
}
