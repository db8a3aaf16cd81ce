import { randomUUID } from "node:crypto";
import { MEDIA_PREFIX } from "@lootlane/contract";
import type { FastifyBaseLogger } from "fastify";
import { mediaUrl } from "../media/media-key.js";
import type { MediaStore } from "../media/media-store.js";
import type { ProcessedImage } from "./image-processing.js";

/**
 * Addresses to put in the database, the media keys to remove if the request that stored them fails (the
 * image's first), and the bytes both files take, which count against the uploader (upload-quota.ts).
 */
export type StoredImage = { imageUrl: string; thumbnailUrl: string; keys: string[]; bytes: number };

const files = {
  png: { extension: "png", contentType: "image/png" },
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
} as const;

// `<folder>/<uuid>.<ext>` and `<folder>/<uuid>-thumb.<ext>`: the thumbnail's key follows from the image's, so a
// row that keeps only the image address (avatar, category) can still have both files removed.
const THUMBNAIL_SUFFIX = "-thumb";
const STORED_IMAGE_URL = new RegExp(
  `^${MEDIA_PREFIX}/((?:[a-z0-9_-]+/)+[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(png|jpg)$`,
);

/**
 * Puts a processed image and its thumbnail into the media store under a new random name in `folder` (e.g.
 * "avatars", "products"): names never repeat, so a cached address never changes content and nobody can guess
 * or overwrite another upload. If either write fails, the other file is removed before the error is thrown.
 */
export async function storeImage(media: MediaStore, processed: ProcessedImage, folder: string): Promise<StoredImage> {
  const { extension, contentType } = files[processed.format];
  const name = `${folder}/${randomUUID()}`;
  const imageKey = `${name}.${extension}`;
  const thumbnailKey = `${name}${THUMBNAIL_SUFFIX}.${extension}`;
  const keys = [imageKey, thumbnailKey];

  const writes = await Promise.allSettled([
    media.put(imageKey, processed.image.data, contentType),
    media.put(thumbnailKey, processed.thumbnail.data, contentType),
  ]);
  const failure = writes.find((write) => write.status === "rejected");
  if (failure) {
    const removals = await Promise.allSettled(keys.map((key) => media.remove(key)));
    const leftovers = removals.flatMap((removal) => (removal.status === "rejected" ? [removal.reason] : []));
    if (leftovers.length > 0) {
      throw new AggregateError(
        [failure.reason, ...leftovers],
        `storing an image failed and some of ${keys.join(", ")} could not be removed`,
      );
    }
    throw failure.reason;
  }
  return {
    imageUrl: mediaUrl(imageKey),
    thumbnailUrl: mediaUrl(thumbnailKey),
    keys,
    bytes: processed.image.data.length + processed.thumbnail.data.length,
  };
}

/**
 * The media keys of an image storeImage made (the image and its thumbnail), from its imageUrl. Any other
 * address (seeded pictures, which rows may share; an external URL an admin typed) gives [], since those files
 * are not one upload's to remove.
 */
export function storedImageKeys(imageUrl: string): string[] {
  const match = STORED_IMAGE_URL.exec(imageUrl);
  if (!match) return [];
  const [, name, extension] = match;
  return [`${name}.${extension}`, `${name}${THUMBNAIL_SUFFIX}.${extension}`];
}

/**
 * Removes stored images: the new ones of a request that failed, or the replaced ones after a commit. Best
 * effort: the request's outcome is already decided, so a file that cannot be removed is logged as an orphan
 * instead of failing it.
 */
export async function removeStoredImages(
  media: MediaStore,
  keys: readonly string[],
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<void> {
  const removals = await Promise.allSettled(keys.map((key) => media.remove(key)));
  removals.forEach((removal, index) => {
    if (removal.status === "rejected")
      log.warn({ err: removal.reason, key: keys[index] }, "could not remove a stored image; the file stays orphaned");
  });
}
