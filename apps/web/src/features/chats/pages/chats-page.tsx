import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";

/** /chats (SPEC §2 Chats). */
export function ChatsPage() {
  const { t } = useTranslation("chats");
  return <PageTitle>{t("title")}</PageTitle>;
}
