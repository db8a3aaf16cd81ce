import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { chatEvents, type ChatListItem } from "@lootlane/contract";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { chatListQueryKey, messagesOf } from "@/shared/realtime/chat-cache";
import { holdChatOpen } from "@/shared/realtime/open-chats";
import { useRealtime } from "@/shared/realtime/realtime-provider";
import { useRealtimeEvent } from "@/shared/realtime/use-realtime-event";
import { useChatMessages } from "../api/get-chat-messages";
import { ChatDataShapeError } from "../lib/chat-data-error";
import { useSendAttachment, type AttachmentUpload } from "../api/send-attachment";
import { sendBarError } from "../lib/send-bar-error";
import { useSendMessage } from "../hooks/use-send-message";
import { useTyping } from "../hooks/use-typing";
import classes from "./chats-layout.module.css";
import { ConversationHeader } from "./conversation-header";
import { MessageList } from "./message-list";
import { SendBar } from "./send-bar";

interface ConversationProps {
  chat: ChatListItem;
  ownUserId: string;
  onBack?: () => void;
}

/** The open chat: header, messages (live), and the send bar. */
export function Conversation({ chat, ownUserId, onBack }: ConversationProps) {
  const { t } = useTranslation("chats");
  const { t: tc } = useTranslation("common");
  const connection = useRealtime();
  const messages = useChatMessages(chat.id);
  const send = useSendMessage(chat.id);
  const attachment = useSendAttachment(chat.id);
  const { typingUser, notifyTyping } = useTyping(chat.id, ownUserId);
  const queryClient = useQueryClient();
  const unread = chat.unread_count > 0;
  const loaded = messages.isSuccess;

  // Reading the messages marked them read on the server; the row and the navigation badge follow at once.
  useEffect(() => {
    if (!loaded || !unread) return;
    queryClient.setQueryData<ChatListItem[]>(chatListQueryKey, (list) =>
      list?.map((item) => (item.id === chat.id ? { ...item, unread_count: 0 } : item)),
    );
  }, [loaded, unread, chat.id, queryClient]);

  // In the chat's room for as long as it is open, so its messages arrive live (and again after a reconnect).
  useEffect(() => connection?.joinRoom(chat.id), [connection, chat.id]);

  // The chat is on screen: what arrives in it is read at once, and neither the list's badge nor the bell may count it.
  useEffect(() => holdChatOpen(chat.id), [chat.id]);
  useRealtimeEvent(chatEvents.newMessage, (message) => {
    if (message.chat_room_id === chat.id && message.sender_id !== ownUserId)
      connection?.socket.emit(chatEvents.markRead, { chat_id: chat.id });
  });

  async function onSend(text: string): Promise<boolean> {
    attachment.reset();
    try {
      await send.mutateAsync(text);
      return true;
    } catch {
      return false;
    }
  }

  async function onAttach(upload: AttachmentUpload): Promise<boolean> {
    send.reset();
    try {
      await attachment.mutateAsync(upload);
      return true;
    } catch {
      return false;
    }
  }

  let body;
  if (messages.isPending) {
    body = (
      <Center flex={1} role="status">
        <Loader role="progressbar" aria-label={tc("loading")} />
      </Center>
    );
  } else if (messages.isError) {
    body = (
      <Center flex={1} p="md">
        <Alert
          color="red"
          title={messages.error instanceof ChatDataShapeError ? t("errorDataStructure") : t("errorLoadingMessages")}
        >
          <Stack gap="sm" align="flex-start">
            {!(messages.error instanceof ChatDataShapeError) && <Text size="sm">{describeError(messages.error)}</Text>}
            <Button variant="light" color="red" onClick={() => void messages.refetch()}>
              {tc("retry")}
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  } else {
    body = (
      <MessageList
        messages={messagesOf(messages.data)}
        ownUserId={ownUserId}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        onLoadOlder={() => void messages.fetchNextPage()}
      />
    );
  }

  return (
    <section
      className={classes.conversation}
      aria-label={t("conversationLabel", { username: chat.another_user.username })}
    >
      <ConversationHeader user={chat.another_user} product={chat.product} typingUser={typingUser} onBack={onBack} />
      {body}
      <SendBar
        onSend={onSend}
        onTyping={notifyTyping}
        sending={send.isPending}
        error={sendBarError(t, send.error, attachment.error)}
        onAttach={onAttach}
        attaching={attachment.isPending}
      />
    </section>
  );
}
