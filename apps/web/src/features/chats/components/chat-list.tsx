import { Badge, EmptyState, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import type { ChatListItem } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { ChatIcon } from "@/shared/ui/icons";
import { messagePreview } from "../lib/message-preview";
import { lastMessageTime } from "../lib/message-time";
import { systemMessageText, personMessageText } from "../lib/system-message";
import { ChatAvatar } from "./chat-avatar";
import { ChatProductLine } from "./chat-product";
import classes from "./chats-layout.module.css";

interface ChatListProps {
  chats: ChatListItem[];
  selectedId: string | null;
  onSelect: (chatId: string) => void;
}

function ChatRow({ chat, selected, onSelect }: { chat: ChatListItem; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation("chats");
  const { another_user: user, last_message: last } = chat;
  const preview = !last
    ? t("noMessages")
    : last.message_type === "purchase_info"
      ? t("newPurchase")
      : // Only an image sent without a caption leaves a message without text.
        last.text === ""
        ? t("attachments.preview")
        : messagePreview(
            last.message_type === "system" ? systemMessageText(t, last.text) : personMessageText(t, last.text),
          );
  return (
    <UnstyledButton
      className={classes.row}
      onClick={onSelect}
      aria-current={selected ? "true" : undefined}
      data-selected={selected || undefined}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <ChatAvatar username={user.username} src={user.avatar_url} size={44} />
        <Stack gap={2} flex={1} miw={0}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={600} truncate>
              {user.username}
            </Text>
            {last && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {lastMessageTime(last.created_at)}
              </Text>
            )}
          </Group>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed" truncate fs={last ? undefined : "italic"}>
              {preview}
            </Text>
            {chat.unread_count > 0 && (
              <Badge size="sm" circle={chat.unread_count < 10} aria-label={t("unread", { count: chat.unread_count })}>
                {chat.unread_count}
              </Badge>
            )}
          </Group>
          <ChatProductLine product={chat.product} />
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** SPEC §2 Chats list: one row per chat (beyond the spec, with the product it is about), or the empty text. */
export function ChatList({ chats, selectedId, onSelect }: ChatListProps) {
  const { t } = useTranslation("chats");
  if (chats.length === 0)
    return <EmptyState variant="light" icon={<ChatIcon size={28} />} title={t("emptyList")} py="xl" />;
  return (
    <nav aria-label={t("listLabel")} className={classes.list}>
      {chats.map((chat) => (
        <ChatRow key={chat.id} chat={chat} selected={chat.id === selectedId} onSelect={() => onSelect(chat.id)} />
      ))}
    </nav>
  );
}
