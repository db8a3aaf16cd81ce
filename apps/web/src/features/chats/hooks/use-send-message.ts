import { useMutation, useQueryClient } from "@tanstack/react-query";
import { chatEvents, sendMessageAckSchema, type ChatMessage } from "@lootlane/contract";
import { ApiError } from "@/shared/api/api-error";
import { addMessageToCache } from "@/shared/realtime/chat-cache";
import { useRealtime } from "@/shared/realtime/realtime-provider";

/** How long a sent message may wait for the server's acknowledgement before the sender is told it failed. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * send_message over the socket (SPEC §7). The server stores the message before it answers, so the acknowledged
 * message is shown at once; the room's new_message for it is then recognised by id and not shown twice.
 */
export function useSendMessage(chatId: string) {
  const connection = useRealtime();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string): Promise<ChatMessage> => {
      // While the socket is (re)connecting the message waits in the client's buffer and goes on connect; the
      // timeout takes it out of the buffer again, so a message the sender was told failed is never sent later.
      if (!connection) throw new ApiError({ status: 0 });
      const answer = sendMessageAckSchema.parse(
        await connection.socket
          .timeout(SEND_TIMEOUT_MS)
          .emitWithAck(chatEvents.sendMessage, { chat_id: chatId, message: text }),
      );
      if (!answer.ok)
        throw new ApiError({ status: 400, code: answer.error.error_code, serverMessage: answer.error.error_message });
      return answer.message;
    },
    // The send bar shows the error and keeps the text, so it can be sent again.
    meta: { notifyError: false },
    onSuccess: (message) => addMessageToCache(queryClient, message),
  });
}
