import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import type { User } from "@lootlane/contract";
import { useBanUser } from "../../api/ban-user";
import { useUnbanUser } from "../../api/unban-user";
import { ConfirmActionButton } from "./confirm-action-button";

type Target = Pick<User, "id" | "username">;

/** Ban, asked first (SPEC §2 Admin users); the list shows the new status once the server has it. */
export function BanUserButton({ user }: { user: Target }) {
  const { t } = useTranslation("admin");
  const ban = useBanUser();
  return (
    <ConfirmActionButton
      label={t("users.ban")}
      ariaLabel={t("users.banUser", { username: user.username })}
      title={t("users.banTitle", { username: user.username })}
      text={t("users.banText")}
      color="red"
      pending={ban.isPending}
      error={ban.error}
      onReset={ban.reset}
      onConfirm={(done) =>
        ban.mutate(user.id, {
          onSuccess: () => {
            done();
            notifications.show({ color: "green", message: t("users.bannedDone", { username: user.username }) });
          },
        })
      }
    />
  );
}

/** Unban, beyond the spec (which has the call but no control), asked first like Ban. */
export function UnbanUserButton({ user }: { user: Target }) {
  const { t } = useTranslation("admin");
  const unban = useUnbanUser();
  return (
    <ConfirmActionButton
      label={t("users.unban")}
      ariaLabel={t("users.unbanUser", { username: user.username })}
      title={t("users.unbanTitle", { username: user.username })}
      text={t("users.unbanText")}
      color="teal"
      pending={unban.isPending}
      error={unban.error}
      onReset={unban.reset}
      onConfirm={(done) =>
        unban.mutate(user.id, {
          onSuccess: () => {
            done();
            notifications.show({ color: "green", message: t("users.unbannedDone", { username: user.username }) });
          },
        })
      }
    />
  );
}
