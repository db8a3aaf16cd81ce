import {
  kopecksToRoubles,
  roublesToKopecks,
  type AdminDealsQuery,
  type balanceAdjustmentRequestSchema,
  type resolveDisputeRequestSchema,
} from "@lootlane/contract";
import type { z } from "zod";
import { and, count, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import { catalogueChanged } from "../products/products.events.js";
import { recordAdminAction } from "../audit/audit.service.js";
import { adjustUserBalance } from "../ledger/ledger.service.js";
import { lockDeal, resolveDispute } from "./deals.lifecycle.js";
import { loadDealView, loadDealViews, type DealView } from "./deals.views.js";
import type { DealOutcome } from "./deals.service.js";
import type { DealDeps } from "./deals-purchase.service.js";
import { sellerStatsChanged } from "../users/users.events.js";

/** GET /admin/deals: every deal (or those of one status, one user as buyer or seller), open disputes first, then newest. */
export async function listAdminDeals(
  db: Db,
  query: AdminDealsQuery,
): Promise<{ views: DealView[]; total: number; page: number; perPage: number }> {
  const where = and(
    query.status === undefined ? undefined : eq(deals.status, query.status),
    query.user_id === undefined ? undefined : or(eq(deals.buyerId, query.user_id), eq(deals.sellerId, query.user_id)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(deals)
      .where(where)
      .orderBy(desc(sql`${deals.status} = 'disputed'`), desc(deals.createdAt), desc(deals.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(deals).where(where),
  ]);
  return {
    views: await loadDealViews(db, rows),
    total: counted?.total ?? 0,
    page: query.page,
    perPage: query.per_page,
  };
}

/**
 * POST /admin/deals/{id}/resolve: an admin releases a disputed deal to the seller or refunds the buyer. The
 * audit log keeps the deal and product states before and after.
 */
export async function resolveDealDispute(
  deps: DealDeps,
  admin: AuthUser,
  dealId: string,
  input: z.output<typeof resolveDisputeRequestSchema>,
): Promise<DealOutcome> {
  const messageId = await deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (!deal) throw new AppError("DEAL_NOT_FOUND");
    const productStatus = async () =>
      (await tx.select({ status: products.status }).from(products).where(eq(products.id, deal.productId)))[0]!.status;
    const before = { status: deal.status, product_status: await productStatus() };
    const change = await resolveDispute(tx, deal, {
      resolution: input.resolution,
      productStatus: input.product_status,
      adminId: admin.id,
      at: deps.clock(),
    });
    const after = { status: change.deal.status, product_status: await productStatus(), resolution: input.resolution };
    await recordAdminAction(tx, admin, {
      action: "deal.resolve",
      targetType: "deal",
      targetId: deal.id,
      before,
      after,
    });
    return change.messageId;
  });
  // The product went back on sale or was withdrawn.
  catalogueChanged(deps.db);
  const view = await loadDealView(deps.db, dealId);
  sellerStatsChanged(deps.db, view.seller.id);
  return { view, messageId };
}

/**
 * POST /admin/balance-adjustment: an admin adds to (or takes from) a user's balance through the ledger. Taking
 * more than the user has is refused (NOT_ENOUGH_BALANCE). Answers the new balance in kopecks.
 */
export async function adjustBalance(
  deps: DealDeps,
  admin: AuthUser,
  input: z.output<typeof balanceAdjustmentRequestSchema>,
): Promise<number> {
  const amountKopecks = roublesToKopecks(input.amount);
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ balanceKopecks: users.balanceKopecks })
      .from(users)
      .where(eq(users.id, input.user_id))
      .for("no key update");
    if (!user) throw new AppError("USER_NOT_FOUND");
    const { memo } = input;
    const balance = await adjustUserBalance(tx, {
      userId: input.user_id,
      amountKopecks,
      adminId: admin.id,
      memo,
      at: deps.clock(),
      field: "amount",
    });
    await recordAdminAction(tx, admin, {
      action: "user.balance_adjustment",
      targetType: "user",
      targetId: input.user_id,
      before: { balance: kopecksToRoubles(user.balanceKopecks) },
      after: { balance: kopecksToRoubles(balance), amount: input.amount, memo },
    });
    return balance;
  });
}
