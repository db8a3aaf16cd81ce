import { ActionIcon, Anchor, Group, Stack, Text } from "@mantine/core";
import type { ChatProductSummary, ChatUser } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { messageTime } from "../lib/message-time";
import { ChatAvatar } from "./chat-avatar";
import { ChatProductStrip } from "./chat-product";
import classes from "./chats-layout.module.css";

interface ConversationHeaderProps {
  user: ChatUser;
  product: ChatProductSummary;
  typingUser: string | null;
  /** Below 768 px: back to the list (SPEC §2). */
  onBack?: () => void;
}

function BackIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={22}
      height={22}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M15 5l-7 7 7 7" />
    </svg>
  );
}

/**
 * The other user's name and whether they are online, typing, or when they were last seen; under it, the product
 * the chat is about.
 */
export function ConversationHeader({ user, product, typingUser, onBack }: ConversationHeaderProps) {
  const { t } = useTranslation("chats");
  const status = typingUser
    ? t("typing", { username: typingUser })
    : user.is_online
      ? t("online")
      : user.last_seen
        ? t("lastSeen", { time: messageTime(user.last_seen) })
        : t("offline");
  return (
    <Stack className={classes.header} gap="xs">
      <Group gap="sm" wrap="nowrap">
        {onBack && (
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={onBack} aria-label={t("back")}>
            <BackIcon />
          </ActionIcon>
        )}
        <ChatAvatar username={user.username} src={user.avatar_url} size={40} />
        <Stack gap={0} miw={0}>
          <Anchor component={Link} to={`/profile/${encodeURIComponent(user.username)}`} fw={600} c="inherit" truncate>
            {user.username}
          </Anchor>
          <Text size="xs" c={user.is_online || typingUser ? "green.7" : "dimmed"} role="status">
            {status}
          </Text>
        </Stack>
      </Group>
      <ChatProductStrip product={product} />
    </Stack>
  );
}
