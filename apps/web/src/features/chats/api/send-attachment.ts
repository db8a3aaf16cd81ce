import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  CHAT_ATTACHMENT_CAPTION_FIELD,
  CHAT_ATTACHMENT_FIELD,
  chatMessageSchema,
  type ChatMessage,
} from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { addMessageToCache } from "@/shared/realtime/chat-cache";

/** The image and its optional caption, as the send bar hands them over. */
export type AttachmentUpload = { file: File; caption: string };

/**
 * POST /chats/{id}/attachments: the server re-encodes the image and answers the stored message, which the room
 * also gets as `new_message` (recognised by id, so it is not shown twice).
 */
export async function sendAttachment(chatId: string, { file, caption }: AttachmentUpload): Promise<ChatMessage> {
  const form = new FormData();
  form.append(CHAT_ATTACHMENT_FIELD, file, file.name);
  if (caption) form.append(CHAT_ATTACHMENT_CAPTION_FIELD, caption);
  // Large screenshots on a slow line take longer than the client's default timeout for JSON calls.
  const body = await api
    .post(`chats/${encodeURIComponent(chatId)}/attachments`, { body: form, timeout: 60_000 })
    .json();
  return chatMessageSchema.parse(body);
}

export function useSendAttachment(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: AttachmentUpload) => sendAttachment(chatId, upload),
    // The send bar shows the error in the user's language and keeps the picture, so it can be sent again.
    meta: { notifyError: false },
    onSuccess: (message) => addMessageToCache(queryClient, message),
  });
}
