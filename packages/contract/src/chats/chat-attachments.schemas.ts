import { z } from "zod";
import { plainText } from "../common/plain-text.js";
import { CHAT_MESSAGE_MAX } from "../common/constants.js";

/*
 * Chat attachments (issue 22, "Disputes with evidence"): POST /chats/{id}/attachments, a multipart form with one
 * image in `image` and an optional caption in `text`. The image is re-encoded like a product image (same size,
 * pixel and type limits and the same per-user upload quota) and answered as a message whose `attachments` hold it.
 */

/** The multipart field of the image. */
export const CHAT_ATTACHMENT_FIELD = "image";
/** The multipart field of the optional caption. */
export const CHAT_ATTACHMENT_CAPTION_FIELD = "text";

/** The longest side a chat image is stored at, in px: a screenshot must stay readable as evidence. */
export const CHAT_ATTACHMENT_MAX_SIDE = 1600;
/** Width of the thumbnail shown in the message list, in px. */
export const CHAT_ATTACHMENT_THUMBNAIL_WIDTH = 320;

/** One stored image of a message: its address, its thumbnail's, and the stored image's size in px. */
export const messageAttachmentSchema = z
  .object({
    url: z.string(),
    thumbnail_url: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .meta({ id: "MessageAttachment" });

/** The text fields of the attachment form: a caption, trimmed, up to CHAT_MESSAGE_MAX; blank or absent is none. */
export const chatAttachmentFieldsSchema = z.object({
  [CHAT_ATTACHMENT_CAPTION_FIELD]: plainText()
    .trim()
    .max(CHAT_MESSAGE_MAX, `At most ${CHAT_MESSAGE_MAX} characters`)
    .optional()
    .default(""),
});

/** The form as the API documentation shows it (the server reads the multipart stream itself). */
export const chatAttachmentRequestSchema = z
  .object({ [CHAT_ATTACHMENT_FIELD]: z.file(), [CHAT_ATTACHMENT_CAPTION_FIELD]: z.string().optional() })
  .meta({ id: "ChatAttachmentRequest" });

export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;
export type ChatAttachmentFields = z.infer<typeof chatAttachmentFieldsSchema>;
