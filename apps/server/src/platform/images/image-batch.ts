import type { FastifyBaseLogger } from "fastify";
import type { MediaStore } from "../media/media-store.js";
import { processImageUpload, type ImageUploadOptions, type ProcessedImage } from "./image-processing.js";
import { removeStoredImages, storeImage, type StoredImage } from "./image-storage.js";
import type { UploadedFile } from "./upload-request.js";

/**
 * Several uploads of one request (product photos) become stored images all together or not at all: every file
 * is checked and re-encoded before the first one is stored, so a bad third file stores nothing, and if storing
 * fails part-way the files already stored are removed. The caller removes `keys` of all results if its
 * transaction fails afterwards.
 */
export async function processAndStoreImages(
  media: MediaStore,
  uploads: readonly UploadedFile[],
  folder: string,
  log: Pick<FastifyBaseLogger, "warn">,
  options?: ImageUploadOptions,
): Promise<StoredImage[]> {
  const processed: ProcessedImage[] = [];
  // One at a time: each decode may take up to MAX_INPUT_PIXELS of memory.
  for (const upload of uploads) processed.push(await processImageUpload(upload.buffer, upload.filename, options));

  const writes = await Promise.allSettled(processed.map((image) => storeImage(media, image, folder)));
  const stored = writes.flatMap((write) => (write.status === "fulfilled" ? [write.value] : []));
  const failure = writes.find((write) => write.status === "rejected");
  if (failure) {
    await removeStoredImages(media, storedKeys(stored), log);
    throw failure.reason;
  }
  return stored;
}

/** Every media key of the images, for removeStoredImages. */
export function storedKeys(images: readonly StoredImage[]): string[] {
  return images.flatMap((image) => image.keys);
}
