import { Stack, Text } from "@mantine/core";
import type { ChatMessage } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { messageTime } from "../lib/message-time";
import { personMessageText } from "../lib/system-message";
import classes from "./chats-layout.module.css";
import { OffPlatformWarning } from "./off-platform-warning";
import { AdminLabel } from "./admin-label";
import { MessageAttachments } from "./message-attachments";
import { ProductCardMessage } from "./product-card-message";
import { SystemMessage } from "./system-message";

/**
 * One message: the viewer's own on the right in blue, the other user's on the left, system notes centred, each
 * with its time. Text is rendered as text, never as HTML, whatever it contains.
 */
export function MessageItem({
  message,
  own,
  showSender = false,
}: {
  message: ChatMessage;
  own: boolean;
  showSender?: boolean;
}) {
  const { t } = useTranslation("chats");
  const time = messageTime(message.created_at);
  if (message.message_type === "purchase_info" && message.product) {
    return (
      <Stack
        gap={2}
        className={own ? classes.ownCard : classes.otherCard}
        align={own ? "flex-end" : "flex-start"}
        data-own={own || undefined}
      >
        <ProductCardMessage product={message.product} chatId={message.chat_room_id} />
        <Text size="xs" c="dimmed">
          {time}
        </Text>
      </Stack>
    );
  }
  if (message.message_type === "system") return <SystemMessage text={message.text} time={time} />;
  const side = own ? classes.own : message.from_admin ? classes.admin : classes.other;
  return (
    <>
      <div
        className={`${classes.bubble} ${side}`}
        data-own={own || undefined}
        data-admin={message.from_admin || undefined}
      >
        {message.from_admin ? (
          <AdminLabel />
        ) : (
          showSender && (
            <Text size="xs" fw={600} component="div">
              {message.sender_username}
            </Text>
          )
        )}
        {message.attachments.length > 0 && (
          <MessageAttachments attachments={message.attachments} caption={message.text} />
        )}
        <Text size="sm" inherit component="span">
          {personMessageText(t, message.text)}
        </Text>
        <Text size="xs" ta="right" c={own ? "blue.1" : "dimmed"} mt={2} aria-label={t("sentAt", { time })}>
          {time}
        </Text>
      </div>
      <OffPlatformWarning kinds={message.off_platform} own={own} />
    </>
  );
}
