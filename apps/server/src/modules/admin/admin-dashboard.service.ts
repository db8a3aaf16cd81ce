import { kopecksToRoubles, type DashboardInfo } from "@lootlane/contract";
import { count, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { deals, disputes } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * GET /admin/dashboard-info: the spec's two counts (deleted products left out), what waits for an admin, and the
 * deals of the seven days before `now` with the roubles paid into them (refunded ones included: paid is paid).
 */
export async function dashboardInfo(db: Db, now: Date): Promise<DashboardInfo> {
  const since = new Date(now.getTime() - WEEK_MS);
  const [[people], [catalogue], [waiting], [week]] = await Promise.all([
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
  ]);
  return {
    count_of_users: people?.users ?? 0,
    count_of_products: catalogue?.products ?? 0,
    products_in_moderation: catalogue?.inModeration ?? 0,
    open_disputes: waiting?.disputes ?? 0,
    deals_last_7_days: week?.deals ?? 0,
    turnover_last_7_days: kopecksToRoubles(week?.kopecks ?? 0n),
  };
}
