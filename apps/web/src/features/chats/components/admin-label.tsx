import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Above a message a Lootlane admin wrote in a disputed chat, so nobody mistakes it for the other member's. */
export function AdminLabel() {
  const { t } = useTranslation("chats");
  return (
    <Badge size="sm" color="grape" variant="filled" mb={4} style={{ display: "flex" }}>
      {t("fromAdmin")}
    </Badge>
  );
}
