import { Anchor, Box, Center, ScrollArea, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NotificationList } from "./notification-list";

/** The bell's popover: the list in a scrolling box, and the way to the whole page. */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("notifications");
  return (
    <ScrollArea.Autosize mah="min(70dvh, 560px)" type="auto" offsetScrollbars>
      <Box px={4}>
        <NotificationList
          heading={
            <Text fw={700} size="md">
              {t("title")}
            </Text>
          }
          onNavigate={onClose}
          footer={
            <Center pb={4}>
              <Anchor component={Link} to="/notifications" size="sm" onClick={onClose}>
                {t("showAll")}
              </Anchor>
            </Center>
          }
        />
      </Box>
    </ScrollArea.Autosize>
  );
}
