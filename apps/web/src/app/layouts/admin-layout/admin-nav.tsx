import type { ComponentType } from "react";
import { Divider, NavLink, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, matchPath, useLocation } from "react-router";
import { useSignOut } from "@/shared/auth/sign-out";
import {
  ArrowLeftIcon,
  BoxIcon,
  ClipboardListIcon,
  DashboardIcon,
  FlagIcon,
  LayersIcon,
  LogOutIcon,
  RoubleIcon,
  ShieldCheckIcon,
  UsersIcon,
  type IconProps,
} from "@/shared/ui/icons";

interface AdminNavItem {
  key: "main" | "users" | "products" | "deals" | "withdrawals" | "reports" | "categories" | "auditLog";
  to: string;
  icon: ComponentType<IconProps>;
}

/**
 * SPEC §2 admin navigation; Deals is where disputes are resolved (ARCHITECTURE §4), Withdrawals where payouts are
 * decided, Reports where users' reports of listings and users are worked through (issue 19), the audit log who
 * did what (issue 23).
 */
const ITEMS: AdminNavItem[] = [
  { key: "main", to: "/admin", icon: DashboardIcon },
  { key: "users", to: "/admin/users", icon: UsersIcon },
  { key: "products", to: "/admin/products", icon: BoxIcon },
  { key: "deals", to: "/admin/deals", icon: ShieldCheckIcon },
  { key: "withdrawals", to: "/admin/withdrawals", icon: RoubleIcon },
  { key: "reports", to: "/admin/reports", icon: FlagIcon },
  { key: "categories", to: "/admin/categories", icon: LayersIcon },
  { key: "auditLog", to: "/admin/audit-log", icon: ClipboardListIcon },
];

const roundedLink = { borderRadius: "var(--mantine-radius-md)" };

/**
 * `onNavigate` closes the drawer on phones once a destination is chosen. The same menu is the side bar on wide
 * screens and the drawer on phones, so its sign-out serves both; it signs out as the profile menu does.
 */
export function AdminNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation("layout");
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // Main is active only on /admin itself; the others also on their sub-pages (e.g. /admin/users/edit/7).
  const isActive = (to: string) => matchPath({ path: to, end: to === "/admin" }, pathname) !== null;

  return (
    <Stack component="nav" aria-label={t("admin.navLabel")} gap={4} h="100%">
      {ITEMS.map(({ key, to, icon: Icon }) => (
        <NavLink
          key={key}
          component={Link}
          to={to}
          label={t(`admin.${key}`)}
          leftSection={<Icon size={20} />}
          active={isActive(to)}
          aria-current={isActive(to) ? "page" : undefined}
          onClick={onNavigate}
          variant="light"
          style={roundedLink}
        />
      ))}
      <Divider my="sm" mt="auto" />
      <NavLink
        component={Link}
        to="/"
        label={t("admin.backToSite")}
        leftSection={<ArrowLeftIcon size={20} />}
        style={roundedLink}
      />
      <NavLink
        component="button"
        type="button"
        label={t("admin.signOut")}
        leftSection={<LogOutIcon size={20} />}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
        color="red"
        style={roundedLink}
      />
    </Stack>
  );
}
