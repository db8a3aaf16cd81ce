import { CHAT_ATTACHMENT_MAX_SIDE, CHAT_ATTACHMENT_THUMBNAIL_WIDTH } from "@lootlane/contract";
import type { FastifyBaseLogger } from "fastify";
import type { AuthUser } from "../../platform/auth/index.js";
import { processImageUpload } from "../../platform/images/image-processing.js";
import { removeStoredImages, storeImage } from "../../platform/images/image-storage.js";
import { ensureUploadAllowed, recordUploads, type UploadQuota } from "../../platform/images/upload-quota.js";
import type { UploadedFile } from "../../platform/images/upload-request.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import type { Chat } from "../../db/schema/chats.js";
import { postTarget, storePost } from "./chats-messages.service.js";
import type { ChatDeps, MessageView } from "./chats.views.js";

export type AttachmentDeps = ChatDeps & {
  media: MediaStore;
  uploadLimits: UploadQuota;
  log: Pick<FastifyBaseLogger, "warn">;
};

/** Chat images live beside product photos, under their own folder so an operator can tell them apart. */
const CHAT_FOLDER = "chats";

/**
 * POST /chats/{id}/attachments: an image (evidence in a dispute, above all) sent as a message, with an optional
 * caption. Everything a text message checks comes first (postTarget: who, ban, rate), then the upload quota,
 * so a refused sender costs no decoding. The image is re-encoded like a product photo and stored before the
 * transaction (PGlite is one connection); if the message cannot be stored its files are removed, so a refused
 * request leaves neither a row nor a file. The stored image counts against the sender's upload quota.
 */
export async function postAttachment(
  deps: AttachmentDeps,
  sender: AuthUser,
  chatId: string,
  upload: UploadedFile,
  caption: string,
): Promise<{ chat: Chat; view: MessageView }> {
  const { db, media, uploadLimits, log } = deps;
  const target = await postTarget(deps, sender, chatId);
  await ensureUploadAllowed(db, sender.id, uploadLimits);
  const processed = await processImageUpload(upload.buffer, upload.filename, {
    maxSide: CHAT_ATTACHMENT_MAX_SIDE,
    thumbnailWidth: CHAT_ATTACHMENT_THUMBNAIL_WIDTH,
  });
  const stored = await storeImage(media, processed, CHAT_FOLDER);
  const [key, thumbnailKey] = stored.keys as [string, string];
  try {
    const view = await db.transaction(async (tx) => {
      await recordUploads(tx, sender.id, [stored], uploadLimits);
      const { width, height } = processed.image;
      return storePost(tx, deps, sender, target, caption, [{ key, thumbnailKey, width, height }]);
    });
    return { chat: target.chat, view };
  } catch (error) {
    await removeStoredImages(media, stored.keys, log);
    throw error;
  }
}
