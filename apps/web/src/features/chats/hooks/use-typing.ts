import { useCallback, useEffect, useRef, useState } from "react";
import { chatEvents } from "@lootlane/contract";
import { useRealtime } from "@/shared/realtime/realtime-provider";
import { useRealtimeEvent } from "@/shared/realtime/use-realtime-event";

/** A typing notice is sent at most this often while the user keeps typing. */
const SEND_EVERY_MS = 2000;
/** The other side's indicator goes away this long after their last notice. */
const SHOW_FOR_MS = 3500;

/**
 * The typing indicator both ways: `notifyTyping` for the input, `typingUser` for the header. Messages from the
 * typist end their indicator at once.
 */
export function useTyping(chatId: string, ownUserId: string) {
  const connection = useRealtime();
  const lastSent = useRef(0);
  const [typingUser, setTypingUser] = useState<string | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (!connection?.connected || now - lastSent.current < SEND_EVERY_MS) return;
    lastSent.current = now;
    connection.socket.emit(chatEvents.typing, { chat_id: chatId });
  }, [connection, chatId]);

  useRealtimeEvent(chatEvents.typing, (event) => {
    if (event.chat_id !== chatId || event.user_id === ownUserId) return;
    setTypingUser(event.username);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setTypingUser(null), SHOW_FOR_MS);
  });
  useRealtimeEvent(chatEvents.newMessage, (message) => {
    if (message.chat_room_id === chatId && message.sender_id !== ownUserId) setTypingUser(null);
  });

  useEffect(() => {
    setTypingUser(null);
    return () => clearTimeout(hideTimer.current);
  }, [chatId]);

  return { typingUser, notifyTyping };
}
