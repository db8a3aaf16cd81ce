import { Center, EmptyState, Loader, Text } from "@mantine/core";
import type { ChatMessage } from "@lootlane/contract";
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ChatIcon } from "@/shared/ui/icons";
import classes from "./chats-layout.module.css";
import { MessageItem } from "./message-item";
import { NewMessageAnnouncer } from "./new-message-announcer";

interface MessageListProps {
  messages: ChatMessage[];
  ownUserId: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Name the sender of every message (an admin reading a chat of two others). */
  showSenders?: boolean;
}

/** Within this many pixels of an edge counts as being at it. */
const EDGE_PX = 80;

/**
 * The conversation, oldest at the top. It follows new messages while the reader is at the bottom and stays put
 * when they have scrolled up to read; reaching the top loads older messages without moving what is on screen.
 */
export function MessageList({
  messages,
  ownUserId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  showSenders = false,
}: MessageListProps) {
  const { t } = useTranslation("chats");
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const firstId = useRef<string | undefined>(undefined);
  const heightBefore = useRef(0);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const oldestChanged = firstId.current !== undefined && firstId.current !== messages[0]?.id;
    if (oldestChanged && !atBottom.current) {
      // Older messages were put above: keep the ones being read where they were.
      element.scrollTop += element.scrollHeight - heightBefore.current;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    firstId.current = messages[0]?.id;
    heightBefore.current = element.scrollHeight;
  }, [messages]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    heightBefore.current = element.scrollHeight;
    if (element.scrollTop < EDGE_PX && hasOlder && !loadingOlder) onLoadOlder();
  }

  // First in both branches, so the first message of an empty chat keeps the same announcer.
  const announcer = <NewMessageAnnouncer messages={messages} ownUserId={ownUserId} />;
  if (messages.length === 0) {
    return (
      <>
        {announcer}
        <div className={classes.messages}>
          <EmptyState variant="light" icon={<ChatIcon size={28} />} title={t("emptyMessages")} m="auto" />
        </div>
      </>
    );
  }
  // The announcer speaks for new messages: the log itself stays silent, or older pages loaded above would be read out.
  return (
    <>
      {announcer}
      <div
        ref={scroller}
        className={classes.messages}
        onScroll={onScroll}
        role="log"
        aria-live="off"
        aria-label={t("messagesLabel")}
      >
        {loadingOlder && (
          <Center>
            <Loader size="sm" role="progressbar" aria-label={t("loadingOlder")} />
          </Center>
        )}
        {!hasOlder && messages.length > 0 && (
          <Text size="xs" c="dimmed" ta="center">
            {t("chatStart")}
          </Text>
        )}
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            own={message.sender_id === ownUserId}
            showSender={showSenders}
          />
        ))}
      </div>
    </>
  );
}
