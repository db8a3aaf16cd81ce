import { ActionIcon, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignOut } from "@/shared/auth/sign-out";
import { LogOutIcon } from "@/shared/ui/icons";
import { DotsIcon, SettingsIcon, WalletIcon } from "./profile-icons";

/** The owner's menu (SPEC §2): the wallet, settings, and signing out, which only the owner can do from their profile. */
export function ProfileMenu() {
  const { t } = useTranslation("profile");
  const signOut = useSignOut();
  return (
    // Mantine's focus placeholder is a focusable child of role="menu" that is no menu item, which axe flags as
    // critical (aria-required-children); without it the first item takes the focus.
    <Menu position="bottom-end" width={200} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("menu.label")}>
          <DotsIcon size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/wallet" leftSection={<WalletIcon size={16} />}>
          {t("menu.wallet")}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<SettingsIcon size={16} />}>
          {t("menu.settings")}
        </Menu.Item>
        <Menu.Item
          // Red 9: the default red 6 is 3.3:1 on white, below WCAG AA.
          color="red.9"
          leftSection={<LogOutIcon size={16} />}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {t("menu.logOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
