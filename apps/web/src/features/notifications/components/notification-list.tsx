import type { ReactNode } from "react";
import { Button, Center, Group, Loader, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Notification } from "@lootlane/contract";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { useNotifications } from "../api/get-notifications";
import { useUnreadNotificationsCount } from "../api/get-unread-count";
import { useMarkNotificationsRead } from "../api/mark-notifications-read";
import { NotificationItem } from "./notification-item";
import classes from "./notification-item.module.css";

interface NotificationListProps {
  /** Beside "Mark all read": the popover's title; the page has its own. */
  heading?: ReactNode;
  /** After an item was opened, e.g. to close the popover. */
  onNavigate?: () => void;
  /** Under the list, e.g. the popover's link to the whole page. */
  footer?: ReactNode;
}

/** The bell's list, newest first, page after page: open one (it is read), mark all read, load more. */
export function NotificationList({ heading, onNavigate, footer }: NotificationListProps) {
  const { t } = useTranslation("notifications");
  const { t: tc } = useTranslation("common");
  const list = useNotifications();
  const unread = useUnreadNotificationsCount();
  const markRead = useMarkNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    onNavigate?.();
  };

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Center py="lg" role="status">
        <Loader size="sm" aria-hidden="true" />
        <VisuallyHidden>{tc("loading")}</VisuallyHidden>
      </Center>
    );
  } else if (list.isError && items.length === 0) {
    body = <LoadErrorAlert title={t("loadError")} error={list.error} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" py="md" ta="center">
        {t("empty")}
      </Text>
    );
  } else {
    body = (
      <ul className={classes.list} aria-label={t("title")}>
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onOpen={open} />
        ))}
      </ul>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        {heading ?? <span />}
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unread === 0}
          loading={markRead.isPending && markRead.variables !== undefined && "all" in markRead.variables}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t("markAllRead")}
        </Button>
      </Group>
      {body}
      {list.hasNextPage && (
        <Center>
          <Button variant="light" size="sm" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t("loadMore")}
          </Button>
        </Center>
      )}
      {footer}
    </Stack>
  );
}
