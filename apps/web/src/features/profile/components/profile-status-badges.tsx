import { Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

interface ProfileStatusBadgesProps {
  isBanned: boolean;
  isActive: boolean;
}

/** Only a status worth a warning is shown: an ordinary active account needs no badge. */
export function ProfileStatusBadges({ isBanned, isActive }: ProfileStatusBadgesProps) {
  const { t } = useTranslation("profile");
  if (!isBanned && isActive) return null;
  return (
    <Group gap="xs" justify="center">
      {isBanned && (
        <Badge color="red" variant="light">
          {t("status.banned")}
        </Badge>
      )}
      {!isActive && (
        <Badge color="gray" variant="light">
          {t("status.notActive")}
        </Badge>
      )}
    </Group>
  );
}
