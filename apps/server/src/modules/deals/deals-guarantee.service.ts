import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { deals, type Deal as DealRow } from "../../db/schema/deals.js";
import { postLedgerTransaction } from "../ledger/ledger.service.js";

/*
 * The guarantee after receipt (issue 22), the money side of deals.lifecycle.ts. A deal completed under a
 * guarantee pays its seller into their `user_guarantee` account instead of `user_available`, and keeps
 * `guarantee_until`; until then its buyer may dispute it again. When the window ends (deals.sweeper.ts) the net
 * moves to the seller's available balance with a `guarantee_release` transaction and `guarantee_released_at` is
 * set, once. A refund inside the window takes the net back from the held account and the commission from the
 * platform's fees. These functions post inside the caller's transaction, on a deal it has locked.
 */

const DAY_MS = 86_400_000;

/** What a deal's seller earns from it: the price less the platform's commission. */
const netOf = (deal: DealRow) => deal.priceKopecks - deal.commissionKopecks;

/** Whether the buyer may still dispute the completed deal at `at`: its window is open and not yet released. */
export function inGuaranteeWindow(deal: DealRow, at: Date): boolean {
  return deal.guaranteeUntil !== null && deal.guaranteeReleasedAt === null && at < deal.guaranteeUntil;
}

/** Whether the completed deal's held earnings are due to its seller at `at`. */
export function guaranteeDue(deal: DealRow, at: Date): boolean {
  return deal.guaranteeUntil !== null && deal.guaranteeReleasedAt === null && deal.guaranteeUntil <= at;
}

/**
 * Escrow → the seller's account (`user_guarantee` when the deal has a guarantee of `days` > 0, else
 * `user_available`), then the commission from there to the platform: one `release` transaction, whose two seller
 * entries their statement shows as the sale and its commission. Answers the deal with its window set.
 */
export async function payOutDeal(
  tx: Db,
  deal: DealRow,
  input: { actorId: string | null; at: Date; guaranteeDays: number },
): Promise<DealRow> {
  const { actorId, at, guaranteeDays } = input;
  const seller = { kind: guaranteeDays > 0 ? "user_guarantee" : "user_available", userId: deal.sellerId } as const;
  await postLedgerTransaction(tx, {
    kind: "release",
    dealId: deal.id,
    actorId,
    at,
    entries: [
      { account: { kind: "deal_escrow", dealId: deal.id }, amountKopecks: -deal.priceKopecks },
      { account: seller, amountKopecks: deal.priceKopecks },
      { account: seller, amountKopecks: -deal.commissionKopecks },
      { account: { kind: "platform_fees" }, amountKopecks: deal.commissionKopecks },
    ],
  });
  if (guaranteeDays === 0) return deal;
  const [updated] = await tx
    .update(deals)
    .set({ guaranteeUntil: new Date(at.getTime() + guaranteeDays * DAY_MS) })
    .where(eq(deals.id, deal.id))
    .returning();
  return updated!;
}

/** The window has ended: the held net → the seller's available balance, and the deal marks it released. */
export async function releaseGuarantee(tx: Db, deal: DealRow, actorId: string | null, at: Date): Promise<DealRow> {
  await postLedgerTransaction(tx, {
    kind: "guarantee_release",
    dealId: deal.id,
    actorId,
    at,
    entries: [
      { account: { kind: "user_guarantee", userId: deal.sellerId }, amountKopecks: -netOf(deal) },
      { account: { kind: "user_available", userId: deal.sellerId }, amountKopecks: netOf(deal) },
    ],
  });
  const [updated] = await tx
    .update(deals)
    .set({ guaranteeReleasedAt: at, updatedAt: at })
    .where(eq(deals.id, deal.id))
    .returning();
  return updated!;
}

/** A dispute in the window decided for the buyer: the whole price back, the net from the held money, the commission from the fees. */
export function refundFromGuarantee(tx: Db, deal: DealRow, actorId: string, at: Date) {
  return postLedgerTransaction(tx, {
    kind: "refund",
    dealId: deal.id,
    actorId,
    at,
    entries: [
      { account: { kind: "user_guarantee", userId: deal.sellerId }, amountKopecks: -netOf(deal) },
      { account: { kind: "platform_fees" }, amountKopecks: -deal.commissionKopecks },
      { account: { kind: "user_available", userId: deal.buyerId }, amountKopecks: deal.priceKopecks },
    ],
  });
}
