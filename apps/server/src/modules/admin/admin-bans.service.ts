import type { Role } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users, type User as UserRow } from "../../db/schema/users.js";
import { revokeUserSessions, sessionsChanged, type AuthUser } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import { catalogueChanged } from "../products/products.events.js";
import type { AdminDeps } from "./admin.deps.js";
import { recordAdminAction } from "../audit/audit.service.js";
import { suspendSellerProducts } from "../products/products.service.js";
import { setBanFlag } from "../users/users.service.js";

/*
 * A ban (ARCHITECTURE.md §4 "Accounts") is the flag plus its effects: the user's sessions end, their products on
 * sale go off sale (`suspended`: gone from listings, search and product pages), and their live sockets close.
 * POST /admin/ban-user, /admin/unban-user and the edit's `is_banned` all go through setBanned here.
 */

/** Refuses what no admin may do: ban (or demote) themself, or leave an admin banned. */
export function assertMayChangeAccess(
  admin: Pick<AuthUser, "id">,
  target: Pick<UserRow, "id">,
  after: { role: Role; isBanned: boolean },
): void {
  if (target.id === admin.id && (after.role !== "admin" || after.isBanned))
    throw new AppError("CANNOT_CHANGE_OWN_ACCESS");
  if (after.role === "admin" && after.isBanned) throw new AppError("ADMIN_CANNOT_BE_BANNED");
}

/**
 * Inside the caller's transaction, with the user row locked: sets the flag and applies its effects to the
 * database. Answers the ids of the products it took off sale (a ban) or put back (an unban). Sessions stay
 * ended after an unban: the user signs in again. The caller closes the sockets once this is committed.
 */
export async function setBanned(tx: Db, userId: string, banned: boolean, at: Date): Promise<string[]> {
  await setBanFlag(tx, userId, banned);
  if (banned) await revokeUserSessions(tx, userId, at);
  return suspendSellerProducts(tx, userId, banned);
}

/** POST /admin/ban-user: bans a user who is neither an admin nor the caller. Banning a banned user changes nothing. */
export async function banUser(deps: AdminDeps, admin: Pick<AuthUser, "id">, userId: string): Promise<UserRow> {
  const { user, changed } = await changeBan(deps, admin, userId, true);
  if (!changed) return user;
  sessionsChanged(deps.db, userId);
  deps.realtime.disconnectUser(userId, "USER_IS_BANNED");
  catalogueChanged(deps.db);
  return user;
}

/** POST /admin/unban-user: lifts a ban and puts the user's suspended products back on sale. */
export async function unbanUser(deps: AdminDeps, admin: Pick<AuthUser, "id">, userId: string): Promise<UserRow> {
  const { user, changed } = await changeBan(deps, admin, userId, false);
  if (!changed) return user;
  sessionsChanged(deps.db, userId);
  catalogueChanged(deps.db);
  return user;
}

async function changeBan(
  deps: AdminDeps,
  admin: Pick<AuthUser, "id">,
  userId: string,
  banned: boolean,
): Promise<{ user: UserRow; changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    // Locked first: a ban and an approval of the same seller's product never cross (products-moderation.service.ts).
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!target) throw new AppError("USER_NOT_FOUND");
    if (banned) assertMayChangeAccess(admin, target, { role: target.role, isBanned: true });
    if (target.isBanned === banned) return { user: target, changed: false };
    const productIds = await setBanned(tx, userId, banned, deps.clock());
    await recordAdminAction(tx, admin, {
      action: banned ? "user.ban" : "user.unban",
      targetType: "user",
      targetId: userId,
      before: { is_banned: !banned },
      after: { is_banned: banned, [banned ? "suspended_products" : "restored_products"]: productIds },
    });
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    return { user: user!, changed: true };
  });
}
