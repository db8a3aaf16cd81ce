import type { ComponentType } from "react";
import { matchPath, useLocation } from "react-router";
import { useUnreadChatsCount } from "@/features/chats/hooks/use-unread-chats-count";
import { useUnreadNotificationsCount } from "@/features/notifications/api/get-unread-count";
import { useCurrentUser } from "@/shared/auth/current-user";
import { BellIcon, ChatIcon, HomeIcon, TagIcon, UserIcon, type IconProps } from "@/shared/ui/icons";

export interface MainNavItem {
  key: "home" | "chats" | "sell" | "notifications" | "profile";
  to: string;
  icon: ComponentType<IconProps>;
  active: boolean;
  /** Unread messages or notifications, shown as a badge when above 0. */
  badge?: number;
}

/**
 * The four destinations of the header and the bottom navigation (SPEC §2). For guests Chats, Sell and Profile
 * lead to /signin; an item is active only on its own screen, so the guest's three sign-in links never all light up.
 * `withNotifications` adds a signed-in user's notifications, for the bottom bar: in the header the bell has a
 * place of its own.
 */
export function useMainNav(withNotifications = false): MainNavItem[] {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const unreadChats = useUnreadChatsCount();
  const unreadNotifications = useUnreadNotificationsCount();
  const profilePath = user ? `/profile/${encodeURIComponent(user.username)}` : null;
  const isAt = (path: string) => matchPath({ path, end: true }, pathname) !== null;

  const items: MainNavItem[] = [
    { key: "home", to: "/", icon: HomeIcon, active: isAt("/") },
    {
      key: "chats",
      to: user ? "/chats" : "/signin",
      icon: ChatIcon,
      active: Boolean(user) && isAt("/chats"),
      badge: user ? unreadChats : 0,
    },
    {
      key: "sell",
      to: user ? "/product/create" : "/signin",
      icon: TagIcon,
      active: Boolean(user) && isAt("/product/create"),
    },
  ];
  if (user && withNotifications)
    items.push({
      key: "notifications",
      to: "/notifications",
      icon: BellIcon,
      active: isAt("/notifications"),
      badge: unreadNotifications,
    });
  items.push({
    key: "profile",
    to: profilePath ?? "/signin",
    icon: UserIcon,
    active: profilePath !== null && isAt(profilePath),
  });
  return items;
}
