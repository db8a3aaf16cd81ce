import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/users.js";
import { userRowChanged } from "./users.events.js";

/** The account's e-mail after a confirmed change; a unique violation is the caller's to turn into a 409. */
export async function setEmail(tx: Db, userId: string, email: string, at: Date): Promise<void> {
  await tx.update(users).set({ email, updatedAt: at }).where(eq(users.id, userId));
  userRowChanged(tx, userId);
}

/**
 * A deleted account: the row stays because ledger rows refer to it, but nothing of the person is left on it.
 * The name and address are unique placeholders, `unusableHash` is the caller's hash of a random secret nobody
 * keeps (a real hash, so a sign-in attempt is an ordinary mismatch) and two-factor sign-in is cleared. Answers
 * the placeholder username.
 */
export async function anonymiseUser(tx: Db, userId: string, unusableHash: string, at: Date): Promise<string> {
  const username = `deleted_${randomBytes(4).toString("hex")}`;
  await tx
    .update(users)
    .set({
      username,
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: unusableHash,
      avatarUrl: "",
      description: null,
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      deletedAt: at,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
  userRowChanged(tx, userId);
  return username;
}
