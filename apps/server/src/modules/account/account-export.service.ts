import { kopecksToRoubles, type AccountExport } from "@lootlane/contract";
import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import { products } from "../../db/schema/catalog.js";
import { chats, messages } from "../../db/schema/chats.js";
import { deals, reviews } from "../../db/schema/deals.js";
import type { AuthUser } from "../../platform/auth/authenticator.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { getOwnUser, listSignIns, type AuthDeps } from "../auth/auth.service.js";
import { userStatement, type StatementRow } from "../ledger/ledger.service.js";
import { readPreferences } from "../notifications/notifications.service.js";
import { presentProductDetail } from "../products/products.presenter.js";
import { loadProductViews } from "../products/products.service.js";
import { presentUser } from "../users/users.presenter.js";
import { presentStatementEntry } from "../wallet/wallet.presenter.js";

/*
 * Export of one's own data (issue 22): what the platform keeps that is the user's, in the shapes its answers use.
 * Only the user's own: of the other side of a deal or chat it carries the words they wrote to the user, never
 * their e-mail or anything else of their account.
 */

export type ExportDeps = { auth: AuthDeps; cipher: DataCipher };

const STATEMENT_PAGE = 1000;

/** GET /users/me/export: the whole file, built from one consistent read per part. */
export async function exportAccount(deps: ExportDeps, authUser: AuthUser): Promise<AccountExport> {
  const { db, clock } = deps.auth;
  const user = await getOwnUser(deps.auth, authUser);
  const ownProducts = await db
    .select()
    .from(products)
    .where(and(eq(products.sellerId, user.id), isNull(products.deletedAt)))
    .orderBy(desc(products.createdAt));
  const viewer = { id: user.id, role: user.role };
  const [sessions, productViews, dealRows, messageRows, reviewRows, statement, preferences] = await Promise.all([
    listSignIns(deps.auth, authUser),
    loadProductViews(db, ownProducts),
    db
      .select()
      .from(deals)
      .where(or(eq(deals.buyerId, user.id), eq(deals.sellerId, user.id)))
      .orderBy(desc(deals.createdAt)),
    db
      .select({ message: messages })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(or(eq(chats.buyerId, user.id), eq(chats.sellerId, user.id)))
      .orderBy(asc(messages.chatId), asc(messages.createdAt)),
    db
      .select()
      .from(reviews)
      .where(or(eq(reviews.authorId, user.id), eq(reviews.sellerId, user.id)))
      .orderBy(desc(reviews.createdAt)),
    wholeStatement(deps.auth, user.id),
    readPreferences(db, user.id),
  ]);
  return {
    exported_at: clock().toISOString(),
    profile: { ...presentUser(user), language: user.language, two_factor_enabled: user.totpEnabledAt !== null },
    sessions,
    products: productViews.map((view) => presentProductDetail(view, { viewer, cipher: deps.cipher })),
    deals: dealRows.map((deal) => ({
      id: deal.id,
      role: deal.buyerId === user.id ? ("buyer" as const) : ("seller" as const),
      product_id: deal.productId,
      product_title: deal.productTitle,
      price: kopecksToRoubles(deal.priceKopecks),
      status: deal.status,
      created_at: deal.createdAt.toISOString(),
    })),
    messages: messageRows.map(({ message }) => ({
      id: message.id,
      chat_id: message.chatId,
      from:
        message.senderId === null
          ? ("system" as const)
          : message.senderId === user.id
            ? ("me" as const)
            : ("other" as const),
      text: message.text,
      created_at: message.createdAt.toISOString(),
    })),
    reviews: reviewRows.map((review) => ({
      id: review.id,
      role: review.authorId === user.id ? ("author" as const) : ("seller" as const),
      deal_id: review.dealId,
      stars: review.stars,
      text: review.text,
      reply: review.reply,
      created_at: review.createdAt.toISOString(),
    })),
    statement: statement.map(presentStatementEntry),
    notification_preferences: preferences,
  };
}

/** Every entry of the user's available account, newest first, read a page at a time. */
async function wholeStatement(deps: Pick<AuthDeps, "db">, userId: string): Promise<StatementRow[]> {
  const rows: StatementRow[] = [];
  for (let page = 1; ; page++) {
    const found = await userStatement(deps.db, userId, { page, perPage: STATEMENT_PAGE });
    rows.push(...found.rows);
    if (found.rows.length < STATEMENT_PAGE) return rows;
  }
}
