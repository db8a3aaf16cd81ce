import {
  validationMessage,
  kopecksToRoubles,
  roublesToKopecks,
  type adminUpdateUserRequestSchema,
  type adminUserSearchQuerySchema,
  type PageQuery,
} from "@lootlane/contract";
import { and, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { users, type User as UserRow } from "../../db/schema/users.js";
import { sessionsChanged, type AuthUser } from "../../platform/auth/index.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { adjustUserBalance } from "../ledger/ledger.service.js";
import { catalogueChanged } from "../products/products.events.js";
import { assertMayChangeAccess, setBanned } from "./admin-bans.service.js";
import type { AdminDeps } from "./admin.deps.js";
import { recordAdminAction } from "../audit/audit.service.js";
import { applyAdminEdit, usersConflictOf } from "../users/users.service.js";

export type UserPage = { rows: UserRow[]; total: number; page: number; perPage: number };
type UserUpdate = z.output<typeof adminUpdateUserRequestSchema>;

// Newest first; the id breaks ties so pages never repeat or skip a user. Matches users_created_idx.
const newestFirst = [desc(users.createdAt), desc(users.id)];

/** GET /admin/users: every user, newest first, with the total. */
export function listUsers(db: Db, paging: PageQuery): Promise<UserPage> {
  return pageOf(db, undefined, paging);
}

/**
 * GET /admin/users/search: users whose username or e-mail contains `q`, any letter case, `%` and `_` taken
 * literally. Both columns are compared lower-cased (e-mails are stored so), which the trigram indexes serve.
 */
export function searchUsers(db: Db, query: z.output<typeof adminUserSearchQuerySchema>): Promise<UserPage> {
  const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return pageOf(db, or(sql`lower(${users.username}) like ${pattern}`, sql`${users.email} like ${pattern}`), query);
}

/** GET /admin/user/{id}: the full user, else USER_NOT_FOUND. */
export async function getUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("USER_NOT_FOUND");
  return user;
}

/**
 * PATCH /admin/user/{id}: changes only the fields sent, in one transaction with its audit row. A new balance is
 * posted to the ledger as an admin adjustment of the difference; `is_banned` has the effects of a ban or unban;
 * a role change or a ban closes the user's sockets once committed, so their rooms follow their new access.
 * `rating` follows from reviews: the stored one echoed back is no change, any other is refused.
 */
export async function updateUser(
  deps: AdminDeps,
  admin: Pick<AuthUser, "id">,
  userId: string,
  input: UserUpdate,
): Promise<UserRow> {
  if (Object.values(input).every((value) => value === undefined)) throw new AppError("PAYLOAD_IS_EMPTY");
  let outcome: { user: UserRow; banned: boolean; roleChanged: boolean; signInChanged: boolean };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      if (!current) throw new AppError("USER_NOT_FOUND");
      const role = input.role ?? current.role;
      const isBanned = input.is_banned ?? current.isBanned;
      if (input.role !== undefined || input.is_banned !== undefined)
        assertMayChangeAccess(admin, current, { role, isBanned });
      await assertNamesFree(tx, current, input);
      assertRatingUnchanged(current, input.rating);

      const { before, after } = changedFields(current, input);
      const columns = toColumns(after);
      if (Object.keys(columns).length > 0) await applyAdminEdit(tx, userId, columns);
      const amountKopecks =
        typeof after.balance === "number" ? roublesToKopecks(after.balance) - current.balanceKopecks : 0;
      if (amountKopecks !== 0)
        await adjustUserBalance(tx, {
          userId,
          amountKopecks,
          adminId: admin.id,
          memo: "admin edit",
          at: deps.clock(),
          field: "balance",
        });
      if (isBanned !== current.isBanned) {
        const productIds = await setBanned(tx, userId, isBanned, deps.clock());
        after[isBanned ? "suspended_products" : "restored_products"] = productIds;
      }
      if (Object.keys(before).length > 0)
        await recordAdminAction(tx, admin, {
          action: "user.update",
          targetType: "user",
          targetId: userId,
          before,
          after,
        });
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      return {
        user: user!,
        banned: isBanned && !current.isBanned,
        roleChanged: role !== current.role,
        // What a signed-in request carries (authenticator.ts): the role, the ban and the username.
        signInChanged: role !== current.role || isBanned !== current.isBanned || user!.username !== current.username,
      };
    });
  } catch (error) {
    throw usersConflictOf(error) ?? error;
  }
  if (outcome.signInChanged) sessionsChanged(deps.db, userId);
  if (outcome.banned) deps.realtime.disconnectUser(userId, "USER_IS_BANNED");
  else if (outcome.roleChanged) deps.realtime.disconnectUser(userId);
  catalogueChanged(deps.db);
  return outcome.user;
}

async function pageOf(db: Db, where: SQL | undefined, { page, per_page }: PageQuery): Promise<UserPage> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...newestFirst)
      .limit(per_page)
      .offset((page - 1) * per_page),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0, page, perPage: per_page };
}

/** The row's current values under the API's field names, for comparing with the request and for the audit log. */
function apiFields(row: UserRow): Record<keyof UserUpdate, unknown> {
  return {
    email: row.email,
    username: row.username,
    description: row.description,
    avatar_url: row.avatarUrl,
    balance: kopecksToRoubles(row.balanceKopecks),
    rating: row.rating,
    is_banned: row.isBanned,
    is_active: row.isActive,
    role: row.role,
    has_frozen_balance: row.hasFrozenBalance,
  };
}

/** The fields the request really changes, before and after; a blank description is stored as null, as the owner's. */
function changedFields(
  current: UserRow,
  input: UserUpdate,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const now = apiFields(current);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, sent] of Object.entries(input) as Array<[keyof UserUpdate, unknown]>) {
    if (sent === undefined || field === "rating") continue;
    const value = field === "description" && sent === "" ? null : sent;
    if (value === now[field]) continue;
    before[field] = now[field];
    after[field] = value;
  }
  return { before, after };
}

// The fields written straight to their column; balance goes through the ledger and is_banned through setBanned.
const columnOf: Partial<Record<string, keyof UserRow>> = {
  email: "email",
  username: "username",
  description: "description",
  avatar_url: "avatarUrl",
  is_active: "isActive",
  role: "role",
  has_frozen_balance: "hasFrozenBalance",
};

function toColumns(fields: Record<string, unknown>): Partial<UserRow> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const column = columnOf[field];
    if (column) columns[column] = value;
  }
  return columns as Partial<UserRow>;
}

/**
 * The rating is the average of the user's counted reviews (reviews.service.ts), so an admin's value would be
 * overwritten by the next review. The spec's clients send the whole user back: the stored value is accepted.
 */
function assertRatingUnchanged(current: UserRow, rating: number | undefined): void {
  if (rating === undefined || rating === current.rating) return;
  // A field's text, as the contract's refinements write theirs (USERNAME_NOT_ALLOWED): the catalogue's English.
  throw validationError([{ field: "rating", message: validationMessage("ratingFollowsReviews") }]);
}

/** Another user already holding the e-mail or the username (any case) is a 409, checked before any write. */
async function assertNamesFree(tx: Db, current: UserRow, input: UserUpdate): Promise<void> {
  if (input.email !== undefined && input.email !== current.email) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), ne(users.id, current.id)));
    if (taken) throw new AppError("EMAIL_ALREADY_EXISTS");
  }
  if (input.username !== undefined && input.username !== current.username) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${input.username})`, ne(users.id, current.id)));
    if (taken) throw new AppError("USERNAME_ALREADY_EXISTS");
  }
}
