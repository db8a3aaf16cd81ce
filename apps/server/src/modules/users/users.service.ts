import type { Role } from "@lootlane/contract";
import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { users, type User as UserRow } from "../../db/schema/users.js";
import { AppError } from "../../platform/errors/app-error.js";
import { processImageUpload } from "../../platform/images/image-processing.js";
import { removeStoredImages, storedImageKeys, storeImage } from "../../platform/images/image-storage.js";
import type { UploadedFile } from "../../platform/images/upload-request.js";
import type { MediaStore } from "../../platform/media/media-store.js";

/** Who is asking; undefined for a guest. */
export type Viewer = { id: string; role: Role } | undefined;

export type AvatarDeps = { db: Db; media: MediaStore; log: Pick<FastifyBaseLogger, "warn"> };

// Avatars are shown small (header, chat list, profile card): 512 px covers a large profile picture on a
// high-density screen; the 128 px thumbnail is there for the lists.
const AVATAR_IMAGE = { maxSide: 512, thumbnailWidth: 128 };
const AVATAR_FOLDER = "avatars";

/** The profile behind /profile/{username}: the full view for the user themself and for admins, else the public one. */
export async function getProfile(db: Db, username: string, viewer: Viewer): Promise<{ user: UserRow; full: boolean }> {
  // Names are unique ignoring case (users_username_lower_key), so this finds at most one user, through that index.
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) throw new AppError("USER_NOT_FOUND");
  return { user, full: viewer !== undefined && (viewer.id === user.id || viewer.role === "admin") };
}

/** Sets the user's own description; a blank one is stored as null, so "no description" has one spelling. */
export async function updateDescription(db: Db, userId: string, description: string): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ description: description === "" ? null : description, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError("USER_NOT_FOUND");
  return user;
}

/**
 * Replaces the user's avatar. The image is checked, re-encoded and stored before the transaction (PGlite is
 * one connection: no slow work inside one); if the update fails the new files are removed, and the old files
 * only once the new address is committed, so a failed request leaves the media store as it was.
 */
export async function replaceAvatar(
  { db, media, log }: AvatarDeps,
  userId: string,
  upload: UploadedFile,
): Promise<UserRow> {
  const processed = await processImageUpload(upload.buffer, upload.filename, AVATAR_IMAGE);
  const stored = await storeImage(media, processed, AVATAR_FOLDER);

  let result: { user: UserRow; replacedKeys: string[] };
  try {
    result = await db.transaction(async (tx) => {
      // Locked, so of two uploads at once each removes the avatar it really replaced.
      const [current] = await tx
        .select({ avatarUrl: users.avatarUrl })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      if (!current) throw new AppError("USER_NOT_FOUND");
      const [user] = await tx
        .update(users)
        .set({ avatarUrl: stored.imageUrl, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      const replacedKeys = storedImageKeys(current.avatarUrl);
      const stillUsed = replacedKeys.length > 0 && (await isAvatarOfAnotherUser(tx, current.avatarUrl, userId));
      // The row is locked above, so the update found it.
      return { user: user!, replacedKeys: stillUsed ? [] : replacedKeys };
    });
  } catch (error) {
    await removeStoredImages(media, stored.keys, log);
    throw error;
  }
  await removeStoredImages(media, result.replacedKeys, log);
  return result.user;
}

/** An admin may have copied an uploaded avatar's address into another profile; its files are then still in use. */
async function isAvatarOfAnotherUser(db: Db, avatarUrl: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.avatarUrl, avatarUrl), ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}
