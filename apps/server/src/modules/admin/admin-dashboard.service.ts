import { kopecksToRoubles, type DashboardInfo } from "@lootlane/contract";
import { count, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { deals, disputes } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import { openWithdrawalStatuses, withdrawals } from "../../db/schema/wallet.js";
import { moneyTotals } from "../ledger/ledger.service.js";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * GET /admin/dashboard-info: the spec's two counts (deleted products left out), what waits for an admin, and the
 * deals of the seven days before `now` with the roubles paid into them (refunded ones included: paid is paid),
 * and the wallet's money: top-ups credited and withdrawals paid in those days, the commission kept (deal
 * commissions and withdrawal fees), what escrow holds, and the withdrawals not yet paid.
 */
export async function dashboardInfo(db: Db, now: Date): Promise<DashboardInfo> {
  const since = new Date(now.getTime() - WEEK_MS);
  const [[people], [catalogue], [waiting], [week], money, [payouts]] = await Promise.all([
    db.select({ users: count() }).from(users),
    db
      .select({
        products: count(),
        inModeration: sql<number>`count(*) filter (where ${products.status} = 'moderation')`.mapWith(Number),
      })
      .from(products)
      .where(isNull(products.deletedAt)),
    db.select({ disputes: count() }).from(disputes).where(eq(disputes.status, "open")),
    db
      // The sum is a numeric of any size; it comes over as its exact digits, read as a bigint.
      .select({ deals: count(), kopecks: sql<string>`coalesce(sum(${deals.priceKopecks}), 0)::text`.mapWith(BigInt) })
      .from(deals)
      .where(gte(deals.createdAt, since)),
    moneyTotals(db, since),
    db
      .select({
        count: count(),
        kopecks: sql<string>`coalesce(sum(${withdrawals.amountKopecks} + ${withdrawals.feeKopecks}), 0)::text`.mapWith(
          BigInt,
        ),
      })
      .from(withdrawals)
      .where(inArray(withdrawals.status, openWithdrawalStatuses)),
  ]);
  return {
    count_of_users: people?.users ?? 0,
    count_of_products: catalogue?.products ?? 0,
    products_in_moderation: catalogue?.inModeration ?? 0,
    open_disputes: waiting?.disputes ?? 0,
    deals_last_7_days: week?.deals ?? 0,
    turnover_last_7_days: kopecksToRoubles(week?.kopecks ?? 0n),
    top_ups_last_7_days: kopecksToRoubles(money.topUpsKopecks),
    payouts_last_7_days: kopecksToRoubles(money.payoutsKopecks),
    commission_earned: kopecksToRoubles(money.feesKopecks),
    held_in_escrow: kopecksToRoubles(money.escrowKopecks),
    pending_withdrawals: kopecksToRoubles(payouts?.kopecks ?? 0n),
    withdrawals_waiting: payouts?.count ?? 0,
  };
}
