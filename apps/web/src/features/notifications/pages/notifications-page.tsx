import { Box } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageTitle } from "@/shared/ui/page-title";
import { NotificationList } from "../components/notification-list";

/** /notifications: the whole list, the bell's destination on phones and its "Show all" on wide screens. */
export function NotificationsPage() {
  const { t } = useTranslation("notifications");
  return (
    <Box maw={720} mx="auto">
      <PageTitle>{t("title")}</PageTitle>
      <NotificationList />
    </Box>
  );
}
