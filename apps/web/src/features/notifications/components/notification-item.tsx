import { Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Notification } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { formatTimeAgo } from "@/shared/format/time-ago";
import { currentLanguage } from "@/shared/i18n/language";
import { notificationText } from "../lib/notification-text";
import { NotificationIcon } from "./notification-icon";
import classes from "./notification-item.module.css";

interface NotificationItemProps {
  notification: Notification;
  /** Opening the item: it is read now, and a popover around the list closes. */
  onOpen: (notification: Notification) => void;
}

/** One notification: a link to its deal, chat, product or wallet, in bold with a dot while unread. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { t } = useTranslation("notifications");
  const { title, body } = notificationText(notification, t);
  return (
    <li>
      <Link
        to={notification.link}
        className={classes.item}
        data-unread={notification.read ? undefined : true}
        onClick={() => onOpen(notification)}
      >
        <NotificationIcon event={notification.event} />
        <div className={classes.content}>
          <Text size="sm" fw={notification.read ? 500 : 700}>
            {title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {body}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            <time dateTime={notification.created_at} title={formatDateTime(notification.created_at)}>
              {formatTimeAgo(notification.created_at, currentLanguage())}
            </time>
          </Text>
        </div>
        {!notification.read && (
          <span className={classes.dot}>
            <VisuallyHidden>{t("unread")}</VisuallyHidden>
          </span>
        )}
      </Link>
    </li>
  );
}
