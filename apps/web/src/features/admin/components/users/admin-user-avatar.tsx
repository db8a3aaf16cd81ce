import { Avatar } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The user's avatar, or the first letter of the username on a colour of its own when there is none. */
export function AdminUserAvatar({ username, src, size = 48 }: { username: string; src: string; size?: number }) {
  const { t } = useTranslation("admin");
  return (
    <Avatar
      src={src || null}
      alt={t("users.avatarAlt", { username })}
      size={size}
      color="initials"
      name={username}
      radius="50%"
    >
      {username.charAt(0).toUpperCase()}
    </Avatar>
  );
}
