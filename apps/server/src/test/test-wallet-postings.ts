import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { topUps, withdrawals, type Withdrawal } from "../db/schema/wallet.js";
import { postLedgerTransaction } from "../modules/ledger/ledger.service.js";

/*
 * Top-ups and withdrawals written straight into their tables with the ledger postings the wallet's flows make
 * (ARCHITECTURE.md §4 "Wallet"), for tests that read money rather than move it through the wallet's own routes.
 * Each row's status follows its postings, so the ledger check that closes every test app still holds.
 */

/** A succeeded top-up of the user, credited at `at`: provider clearing → the user's available money. */
export async function creditTestTopUp(db: Db, userId: string, amountKopecks: number, at = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const [topUp] = await tx
      .insert(topUps)
      .values({ userId, amountKopecks, provider: "test", status: "succeeded", createdAt: at, settledAt: at })
      .returning({ id: topUps.id });
    await postLedgerTransaction(tx, {
      kind: "top_up",
      topUpId: topUp!.id,
      actorId: null,
      at,
      entries: [
        { account: { kind: "provider_clearing" }, amountKopecks: -amountKopecks },
        { account: { kind: "user_available", userId }, amountKopecks },
      ],
    });
    return topUp!.id;
  });
}

/** A pending withdrawal of the user: its amount and fee move from their available money to their held account. */
export async function requestTestWithdrawal(
  db: Db,
  userId: string,
  { amountKopecks, feeKopecks = 0, at = new Date() }: { amountKopecks: number; feeKopecks?: number; at?: Date },
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const [withdrawal] = await tx
      .insert(withdrawals)
      .values({
        userId,
        amountKopecks,
        feeKopecks,
        method: "card",
        destinationEncrypted: "not read by these tests",
        destinationMasked: "•••• 4242",
        createdAt: at,
      })
      .returning();
    await postLedgerTransaction(tx, {
      kind: "withdrawal",
      withdrawalId: withdrawal!.id,
      actorId: userId,
      at,
      entries: [
        { account: { kind: "user_available", userId }, amountKopecks: -(amountKopecks + feeKopecks) },
        { account: { kind: "user_held", userId }, amountKopecks: amountKopecks + feeKopecks },
      ],
    });
    return withdrawal!;
  });
}

/**
 * The withdrawal paid: the amount leaves for the outside world (by hand) or through the provider's payout, the fee
 * goes to the platform.
 */
export async function payTestWithdrawal(
  db: Db,
  withdrawal: Withdrawal,
  { by, at = new Date() }: { by: "hand" | "provider"; at?: Date },
): Promise<void> {
  const held = withdrawal.amountKopecks + withdrawal.feeKopecks;
  await db.transaction(async (tx) => {
    await tx.update(withdrawals).set({ status: "paid", decidedAt: at }).where(eq(withdrawals.id, withdrawal.id));
    await postLedgerTransaction(tx, {
      kind: "withdrawal_paid",
      withdrawalId: withdrawal.id,
      actorId: null,
      at,
      entries: [
        { account: { kind: "user_held", userId: withdrawal.userId }, amountKopecks: -held },
        {
          account: { kind: by === "hand" ? "external" : "provider_clearing" },
          amountKopecks: withdrawal.amountKopecks,
        },
        { account: { kind: "platform_fees" }, amountKopecks: withdrawal.feeKopecks },
      ],
    });
  });
}

/** The withdrawal rejected (or canceled): its amount and fee go back to the user's available money. */
export async function returnTestWithdrawal(db: Db, withdrawal: Withdrawal, at = new Date()): Promise<void> {
  const held = withdrawal.amountKopecks + withdrawal.feeKopecks;
  await db.transaction(async (tx) => {
    await tx
      .update(withdrawals)
      .set({ status: "rejected", reason: "test", decidedAt: at })
      .where(eq(withdrawals.id, withdrawal.id));
    await postLedgerTransaction(tx, {
      kind: "withdrawal_returned",
      withdrawalId: withdrawal.id,
      actorId: null,
      at,
      entries: [
        { account: { kind: "user_held", userId: withdrawal.userId }, amountKopecks: -held },
        { account: { kind: "user_available", userId: withdrawal.userId }, amountKopecks: held },
      ],
    });
  });
}
