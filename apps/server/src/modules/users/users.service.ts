import type { Locale, Role } from "@lootlane/contract";
import { and, eq, gte, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { users, type NewUser, type User as UserRow } from "../../db/schema/users.js";
import { AppError } from "../../platform/errors/app-error.js";
import { violatedUniqueConstraint } from "../../platform/errors/database-errors.js";
import { processImageUpload } from "../../platform/images/image-processing.js";
import { removeStoredImages, storedImageKeys, storeImage } from "../../platform/images/image-storage.js";
import {
  ensureUploadAllowed,
  recordUploads,
  releaseUploads,
  type UploadQuota,
} from "../../platform/images/upload-quota.js";
import type { UploadedFile } from "../../platform/images/upload-request.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import { sellerStatsChanged, userRowChanged } from "./users.events.js";
import { sellerCounts, type OnlineUsers, type SellerStatsView } from "./users-stats.service.js";

// What other modules may know of users beyond this file: a seller's stats as the product page shows them.
export { loadSellerStats, type OnlineUsers, type SellerStatsView } from "./users-stats.service.js";
export { anonymiseUser, setEmail } from "./users-account.service.js";
export { createSellerStatsCache, type SellerStatsCache } from "./users-stats.cache.js";
export { createOwnUserCache, findOwnUserRow, type OwnUserCache } from "./users-own.cache.js";

/** Who is asking; undefined for a guest. */
export type Viewer = { id: string; role: Role } | undefined;

export type AvatarDeps = {
  db: Db;
  media: MediaStore;
  uploadLimits: UploadQuota;
  log: Pick<FastifyBaseLogger, "warn">;
};

// Avatars are shown small (header, chat list, profile card): 512 px covers a large profile picture on a
// high-density screen; the 128 px thumbnail is there for the lists.
const AVATAR_IMAGE = { maxSide: 512, thumbnailWidth: 128 };
const AVATAR_FOLDER = "avatars";

/** The profile behind /profile/{username}: the full view for the user themself and for admins, else the public one. */
export async function getProfile(db: Db, username: string, viewer: Viewer): Promise<{ user: UserRow; full: boolean }> {
  const [user] = await db.select().from(users).where(hasUsername(username));
  if (!user || user.deletedAt) throw new AppError("USER_NOT_FOUND");
  return { user, full: seesFullProfile(user, viewer) };
}

/** GET /users/{username}: the profile as getProfile reads it, with the user's stats as a seller, in one query. */
export async function getProfileWithStats(
  db: Db,
  presence: OnlineUsers,
  username: string,
  viewer: Viewer,
): Promise<{ user: UserRow; full: boolean; stats: SellerStatsView }> {
  const [row] = await db
    .select({ user: users, ...sellerCounts })
    .from(users)
    .where(hasUsername(username));
  // A deleted account keeps its anonymised row for the ledger, but has no profile any more.
  if (!row || row.user.deletedAt) throw new AppError("USER_NOT_FOUND");
  const { user, completedDeals, reviewsCount } = row;
  const online = await presence.online([user.id]);
  const { rating, createdAt, lastSeenAt } = user;
  return {
    user,
    full: seesFullProfile(user, viewer),
    stats: { rating, createdAt, lastSeenAt, completedDeals, reviewsCount, isOnline: online.has(user.id) },
  };
}

// Names are unique ignoring case (users_username_lower_key), so this finds at most one user, through that index.
function hasUsername(username: string): SQL {
  return sql`lower(${users.username}) = lower(${username})`;
}

function seesFullProfile(user: Pick<UserRow, "id">, viewer: Viewer): boolean {
  return viewer !== undefined && (viewer.id === user.id || viewer.role === "admin");
}

/*
 * The users module is the one writer of the users table (its schema file says so): sign-up, the seed, bans,
 * admin edits, password changes, presence and ratings all come here. The balance columns are the exception:
 * the ledger keeps them as the projection of the user's account, in the statement that moves the money.
 */

/** New users (sign-up, the seed): the caller opens their ledger accounts in the same transaction. */
export async function createUsers(tx: Db, rows: NewUser[]): Promise<UserRow[]> {
  const created = await tx.insert(users).values(rows).returning();
  for (const { id } of created) userRowChanged(tx, id);
  return created;
}

/** A new password ends nothing by itself: the caller revokes the sessions it must in the same transaction. */
export async function setPasswordHash(tx: Db, userId: string, passwordHash: string, at: Date): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
  userRowChanged(tx, userId);
}

/** The ban flag alone; its effects (sessions, products, sockets) are the admin module's to apply. */
export async function setBanFlag(tx: Db, userId: string, banned: boolean): Promise<void> {
  await tx
    .update(users)
    .set({ isBanned: banned, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  userRowChanged(tx, userId);
}

/** The fields an admin's edit changed, already checked by the admin module (names free, access allowed). */
export async function applyAdminEdit(
  tx: Db,
  userId: string,
  columns: Partial<Omit<NewUser, "balanceKopecks">>,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  userRowChanged(tx, userId);
}

/** The seller's rating follows their reviews; `rating` is computed by the reviews module in the same transaction. */
export async function setRating(tx: Db, userId: string, rating: SQL<number>): Promise<void> {
  await tx
    .update(users)
    .set({ rating, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  userRowChanged(tx, userId);
}

/** Going offline stores when the user was last seen; answers their name, or undefined for a deleted user. */
export async function recordLastSeen(db: Db, userId: string, at: Date): Promise<string | undefined> {
  const [user] = await db
    .update(users)
    .set({ lastSeenAt: at })
    .where(eq(users.id, userId))
    .returning({ username: users.username });
  sellerStatsChanged(db, userId);
  userRowChanged(db, userId);
  return user?.username;
}

// Two writers (sign-ups, admin edits) taking the same e-mail or name at once both pass their checks; the unique
// indexes decide.
const conflictByConstraint: Record<string, "EMAIL_ALREADY_EXISTS" | "USERNAME_ALREADY_EXISTS"> = {
  users_email_unique: "EMAIL_ALREADY_EXISTS",
  users_username_lower_key: "USERNAME_ALREADY_EXISTS",
};

/** A unique violation of the users table as the API's 409, else undefined. */
export function usersConflictOf(error: unknown): AppError | undefined {
  const constraint = violatedUniqueConstraint(error);
  const code = constraint === undefined ? undefined : conflictByConstraint[constraint];
  return code ? new AppError(code, {}, { cause: error }) : undefined;
}

/** Sets the user's own description; a blank one is stored as null, so "no description" has one spelling. */
export async function updateDescription(db: Db, userId: string, description: string): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ description: description === "" ? null : description, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  userRowChanged(db, userId);
  if (!user) throw new AppError("USER_NOT_FOUND");
  return user;
}

/** The language the server writes to the user in (e-mails, pushes): the one they last chose in the selector. */
export async function setLanguage(db: Db, userId: string, language: Locale): Promise<void> {
  await db
    .update(users)
    .set({ language, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  userRowChanged(db, userId);
}

/**
 * Replaces the user's avatar; the new image counts against the user's upload quota, the replaced one no more.
 * The image is checked, re-encoded and stored before the transaction (PGlite is
 * one connection: no slow work inside one); if the update fails the new files are removed, and the old files
 * only once the new address is committed, so a failed request leaves the media store as it was.
 */
export async function replaceAvatar(
  { db, media, uploadLimits, log }: AvatarDeps,
  userId: string,
  upload: UploadedFile,
): Promise<UserRow> {
  await ensureUploadAllowed(db, userId, uploadLimits);
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
      userRowChanged(tx, userId);
      const replacedKeys = storedImageKeys(current.avatarUrl);
      const stillUsed = replacedKeys.length > 0 && (await isAvatarOfAnotherUser(tx, current.avatarUrl, userId));
      if (!stillUsed) await releaseUploads(tx, [current.avatarUrl]);
      await recordUploads(tx, userId, [stored], uploadLimits);
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

/**
 * How many users have ids from `from` up to `to` (exclusive; undefined: to the end), counted no further than
 * `cap`: the sitemap of sellers (modules/pages) sizes its slices of the id space by it, walking at most `cap`
 * entries of the primary key.
 */
export async function countUserIdsUpTo(db: Db, from: string, to: string | undefined, cap: number): Promise<number> {
  const capped = db
    .select({ id: users.id })
    .from(users)
    .where(and(gte(users.id, from), to === undefined ? undefined : lt(users.id, to)))
    .limit(cap);
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped.as("capped"));
  return row!.count;
}

/*
 * Two-factor sign-in (issue 22): the auth module checks the codes and encrypts the secret; these writes keep
 * its state consistent under parallel requests, each answering whether it applied.
 */

/** A new pending secret (set-up started again replaces it); refused once two-factor sign-in is on. */
export async function setPendingTotpSecret(db: Db, userId: string, encryptedSecret: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpSecret: encryptedSecret, totpLastStep: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  userRowChanged(db, userId);
  return updated.length > 0;
}

/**
 * Turns two-factor sign-in on with the secret a first code was checked against: a set-up restarted meanwhile
 * (another secret) or a parallel enable (already on) makes it refuse. The code's step counts as used.
 */
export async function enableTotp(
  tx: Db,
  userId: string,
  checked: { encryptedSecret: string; step: number; at: Date },
): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ totpEnabledAt: checked.at, totpLastStep: checked.step, updatedAt: checked.at })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecret, checked.encryptedSecret)))
    .returning({ id: users.id });
  userRowChanged(tx, userId);
  return updated.length > 0;
}

/**
 * Records an accepted authenticator code's time step, only if it is later than the last one accepted: of two
 * requests with one code exactly one gets true, and a code already used never counts again.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.totpEnabledAt),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  userRowChanged(db, userId);
  return updated.length > 0;
}

/** Two-factor sign-in off: the secret is forgotten, so turning it on again needs a new set-up. */
export async function disableTotp(tx: Db, userId: string, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: at })
    .where(eq(users.id, userId));
  userRowChanged(tx, userId);
}
