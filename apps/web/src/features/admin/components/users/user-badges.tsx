import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { User } from "@lootlane/contract";

/** SPEC §2: banned wins over everything; otherwise active or not active. */
export function UserStatusBadge({ user }: { user: Pick<User, "is_banned" | "is_active"> }) {
  const { t } = useTranslation("admin");
  if (user.is_banned)
    return (
      <Badge color="red" variant="light">
        {t("users.status.banned")}
      </Badge>
    );
  return user.is_active ? (
    <Badge color="green" variant="light">
      {t("users.status.active")}
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      {t("users.status.notActive")}
    </Badge>
  );
}

export function UserRoleBadge({ role }: { role: User["role"] }) {
  const { t } = useTranslation("admin");
  return (
    <Badge color={role === "admin" ? "violet" : "blue"} variant="outline">
      {t(`users.role.${role}`)}
    </Badge>
  );
}
