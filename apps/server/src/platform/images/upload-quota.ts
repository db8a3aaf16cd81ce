import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { UploadLimits } from "../../config.js";
import type { Db } from "../../db/client.js";
import { mediaUploads } from "../../db/schema/media.js";
import { AppError } from "../errors/app-error.js";
import { storedImageKeys, type StoredImage } from "./image-storage.js";

/** The byte limits of one user's uploads (config.ts `uploadLimits`). */
export type UploadQuota = Pick<UploadLimits, "bytesPerDay" | "bytesPerUser">;

type Usage = { total: number; today: number; dayEndsInS: number };

const SECONDS_PER_DAY = 86_400;

/** What the owner's images take now, what was uploaded in the last 24 hours, and when the oldest of those leaves them. */
async function usageOf(db: Db, ownerId: string): Promise<Usage> {
  const today = sql`${mediaUploads.createdAt} > now() - interval '1 day'`;
  const [usage] = await db
    .select({
      total: sql<number>`coalesce(sum(${mediaUploads.bytes}) filter (where ${mediaUploads.removedAt} is null), 0)::float8`,
      today: sql<number>`coalesce(sum(${mediaUploads.bytes}) filter (where ${today}), 0)::float8`,
      dayEndsInS: sql<number>`coalesce(extract(epoch from min(${mediaUploads.createdAt}) filter (where ${today}) + interval '1 day' - now()), ${SECONDS_PER_DAY})::float8`,
    })
    .from(mediaUploads)
    .where(eq(mediaUploads.ownerId, ownerId));
  return usage!;
}

function refuseBeyond(quota: UploadQuota, usage: Usage, adding: number): void {
  if (usage.total + adding > quota.bytesPerUser) throw new AppError("MEDIA_QUOTA_EXCEEDED");
  if (usage.today + adding > quota.bytesPerDay)
    throw new AppError("UPLOAD_DAILY_LIMIT_REACHED", { retry_after: Math.max(1, Math.ceil(usage.dayEndsInS)) });
}

/**
 * Refuses before an upload is decoded or stored when the owner has no room left at all; the exact check, with
 * the new images' sizes, is recordUploads'.
 */
export async function ensureUploadAllowed(db: Db, ownerId: string, quota: UploadQuota): Promise<void> {
  refuseBeyond(quota, await usageOf(db, ownerId), 1);
}

/**
 * Counts newly stored images against their owner, in the transaction that saves their addresses: if they do
 * not fit (MEDIA_QUOTA_EXCEEDED, UPLOAD_DAILY_LIMIT_REACHED) the transaction fails and the caller removes the
 * files, so a refused upload leaves nothing. Parallel uploads of one owner queue on a lock, so together they
 * cannot pass the limits either.
 */
export async function recordUploads(
  tx: Db,
  ownerId: string,
  images: readonly StoredImage[],
  quota: UploadQuota,
): Promise<void> {
  if (images.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media-uploads:${ownerId}`}, 0))`);
  refuseBeyond(
    quota,
    await usageOf(tx, ownerId),
    images.reduce((sum, image) => sum + image.bytes, 0),
  );
  // Removed uploads matter only for the day they were made; older ones go here, so the table stays small.
  await tx
    .delete(mediaUploads)
    .where(
      and(
        eq(mediaUploads.ownerId, ownerId),
        lt(mediaUploads.removedAt, sql`now() - interval '1 day'`),
        lt(mediaUploads.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  await tx.insert(mediaUploads).values(images.map((image) => ({ key: image.keys[0]!, ownerId, bytes: image.bytes })));
}

/**
 * Gives back the room of images whose addresses the transaction drops (a replaced avatar, removed or deleted
 * product photos); the daily count keeps them. Addresses no upload made (seed pictures) are ignored.
 */
export async function releaseUploads(tx: Db, imageUrls: readonly string[]): Promise<void> {
  const keys = imageUrls.flatMap((url) => storedImageKeys(url).slice(0, 1));
  if (keys.length === 0) return;
  await tx
    .update(mediaUploads)
    .set({ removedAt: sql`now()` })
    .where(and(inArray(mediaUploads.key, keys), isNull(mediaUploads.removedAt)));
}
