import { randomBytes } from "node:crypto";
import type { DeleteAccountRequest } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/authenticator.js";
import { revokeUserApiTokens, revokeUserSessions, sessionsChanged } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import { removeStoredImages } from "../../platform/images/image-storage.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import { hashPassword } from "../../platform/security/password-hash.js";
import { confirmAccountOwner, dropRecoveryCodes, type AuthDeps } from "../auth/auth.service.js";
import { blankMessagesOf } from "../chats/chats.service.js";
import { hasUnsettledDeals } from "../deals/deals.service.js";
import { catalogueChanged } from "../products/products.events.js";
import { deleteSellerProducts } from "../products/products.service.js";
import { anonymiseUser } from "../users/users.service.js";
import { deleteUserWebhooks } from "../webhooks/webhooks.service.js";
import { holdsMoney } from "../wallet/wallet.service.js";

/*
 * Deleting one's account (issue 22). It must never swallow money or leave a counterpart without recourse, so it
 * is refused while a deal is open (or in its guarantee window with money held) and while any of the user's
 * ledger accounts holds money. Done, the user row stays (the ledger refers to it) but nothing of the person is
 * left: name, address, avatar, description, password and second factor; every session ends, listings leave
 * the catalogue and the person's chat messages lose their words and images.
 */

export type AccountDeps = { auth: AuthDeps; media: MediaStore; log: Pick<FastifyBaseLogger, "warn"> };

/** POST /auth/delete-account: proof of ownership, the refusals, then one transaction that anonymises it all. */
export async function deleteAccount(deps: AccountDeps, authUser: AuthUser, proof: DeleteAccountRequest): Promise<void> {
  const { db, clock, realtime } = deps.auth;
  const owner = await confirmAccountOwner(deps.auth, authUser, proof);
  // Hashed before the transaction: PGlite is one connection, and argon2 takes tens of milliseconds.
  const unusableHash = await hashPassword(randomBytes(32).toString("base64url"));
  const now = clock();
  const done = await db.transaction(async (tx) => {
    // In the lock order of the money paths (product → users, deals.lifecycle.ts): the listings first, then the
    // user's row as purchases, payouts and top-ups lock it. A purchase of one of the listings, or any movement
    // of the user's money, either committed before and is seen by the checks below (which then roll the
    // listings back), or waits and then finds the listing and the account deleted.
    const products = await deleteSellerProducts(tx, owner.id);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for("no key update");
    if (await hasUnsettledDeals(tx, owner.id)) throw new AppError("ACCOUNT_HAS_OPEN_DEALS");
    if (await holdsMoney(tx, owner.id)) throw new AppError("ACCOUNT_HAS_MONEY");
    await anonymiseUser(tx, owner.id, unusableHash, now);
    await dropRecoveryCodes(tx, owner.id);
    const signIns = await revokeUserSessions(tx, owner.id, now);
    await revokeUserApiTokens(tx, owner.id);
    await deleteUserWebhooks(tx, owner.id);
    const attachments = await blankMessagesOf(tx, owner.id);
    return { signIns, products, attachments };
  });
  sessionsChanged(db, owner.id);
  realtime.endSignIns(done.signIns);
  if (done.products.length > 0) catalogueChanged(db);
  const keys = done.attachments.flatMap((image) => [image.key, image.thumbnailKey]);
  await removeStoredImages(deps.media, keys, deps.log);
}
