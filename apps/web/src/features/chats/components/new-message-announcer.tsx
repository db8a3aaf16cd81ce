import { VisuallyHidden } from "@mantine/core";
import type { ChatMessage } from "@lootlane/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface NewMessageAnnouncerProps {
  messages: ChatMessage[];
  ownUserId: string;
}

/**
 * Tells a screen-reader user, politely, who wrote a message that has just arrived and what it says. The history
 * present when the chat opens and older pages loaded above are not news, and neither is the reader's own message;
 * deal cards and system notes show their own notices.
 */
export function NewMessageAnnouncer({ messages, ownUserId }: NewMessageAnnouncerProps) {
  const { t } = useTranslation("chats");
  const newest = messages.at(-1);
  const announcedId = useRef(newest?.id);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (!newest || newest.id === announcedId.current) return;
    announcedId.current = newest.id;
    if (newest.message_type !== "text" || newest.sender_id === ownUserId) return;
    setAnnouncement(t("newMessageAnnouncement", { author: newest.sender_username ?? "", text: newest.text }));
  }, [newest, ownUserId, t]);

  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true">
      {announcement}
    </VisuallyHidden>
  );
}
