import { and, count, eq, inArray, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type LedgerAccountKind,
  type LedgerTransactionKind,
} from "../../db/schema/ledger.js";
import { deals } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import { openWithdrawalStatuses, withdrawals } from "../../db/schema/wallet.js";

/*
 * The ledger invariant of ARCHITECTURE.md §4 "Deals and money", checked over the whole database from the rows
 * themselves rather than trusted to the code that writes them: every server test suite runs it when it closes
 * its app (test/test-app.ts), and operators run it with `npm run ledger:check`.
 */

export type LedgerViolation =
  /** A transaction whose entries do not sum to zero, or that has no entries at all. */
  | {
      kind: "unbalanced_transaction";
      transactionId: string;
      transactionKind: LedgerTransactionKind;
      entryCount: number;
      sumKopecks: number;
    }
  /** An account whose stored balance is not the sum of its entries. */
  | {
      kind: "account_balance_mismatch";
      accountId: string;
      accountKind: LedgerAccountKind;
      balanceKopecks: number;
      entriesKopecks: number;
    }
  /** users.balance_kopecks is not the user's available account (0 when the user has none). */
  | { kind: "user_balance_mismatch"; userId: string; username: string; balanceKopecks: number; accountKopecks: number }
  /** Only the outside world may be owed money. */
  | { kind: "negative_account"; accountId: string; accountKind: LedgerAccountKind; balanceKopecks: number }
  /** An entry whose stored balance-after is not its account's entries summed up to it, in posting order. */
  | {
      kind: "entry_balance_mismatch";
      entryId: string;
      accountId: string;
      balanceAfterKopecks: number;
      runningKopecks: number;
    }
  /**
   * A user's held account is what their open (`pending`, `processing`) withdrawals hold, amount and fee: money
   * held for nothing, or a withdrawal paid from money never held, shows here.
   */
  | { kind: "held_mismatch"; userId: string; heldKopecks: number; openWithdrawalsKopecks: number }
  /**
   * A seller's guarantee account is what their deals still in a guarantee hold earned them (price less
   * commission): completed or disputed again, with a window and not yet released (issue 22).
   */
  | { kind: "guarantee_mismatch"; userId: string; guaranteeKopecks: number; heldDealsKopecks: number }
  /** All accounts together must hold nothing: money only moves between them. */
  | { kind: "ledger_not_zero"; sumKopecks: number };

/**
 * Every way the ledger breaks its invariant; an empty list means the money adds up. Each comparison is one
 * statement and so reads one snapshot: the check can run against a live database without false alarms.
 */
export async function checkLedger(db: Db): Promise<LedgerViolation[]> {
  // One after another: inside a transaction they share one connection, which runs one query at a time anyway.
  return [
    ...(await unbalancedTransactions(db)),
    ...(await mismatchedAccounts(db)),
    ...(await mismatchedUsers(db)),
    ...(await negativeAccounts(db)),
    ...(await mismatchedEntries(db)),
    ...(await mismatchedHeld(db)),
    ...(await mismatchedGuarantees(db)),
    ...(await nonZeroLedger(db)),
  ];
}

/** One line a person can act on. */
export function describeLedgerViolation(violation: LedgerViolation): string {
  switch (violation.kind) {
    case "unbalanced_transaction":
      return violation.entryCount === 0
        ? `transaction ${violation.transactionId} (${violation.transactionKind}) has no entries`
        : `transaction ${violation.transactionId} (${violation.transactionKind}): its ${violation.entryCount} entries sum to ${violation.sumKopecks} kopecks, not 0`;
    case "account_balance_mismatch":
      return `account ${violation.accountId} (${violation.accountKind}): balance ${violation.balanceKopecks} kopecks, its entries sum to ${violation.entriesKopecks}`;
    case "user_balance_mismatch":
      return `user ${violation.userId} (${violation.username}): users.balance_kopecks is ${violation.balanceKopecks}, the available account holds ${violation.accountKopecks}`;
    case "negative_account":
      return `account ${violation.accountId} (${violation.accountKind}) is below zero: ${violation.balanceKopecks} kopecks`;
    case "entry_balance_mismatch":
      return `entry ${violation.entryId} of account ${violation.accountId}: balance after ${violation.balanceAfterKopecks} kopecks, its account's entries up to it sum to ${violation.runningKopecks}`;
    case "held_mismatch":
      return `user ${violation.userId}: the held account holds ${violation.heldKopecks} kopecks, their open withdrawals ${violation.openWithdrawalsKopecks}`;
    case "guarantee_mismatch":
      return `user ${violation.userId}: the guarantee account holds ${violation.guaranteeKopecks} kopecks, their deals in a guarantee hold ${violation.heldDealsKopecks}`;
    case "ledger_not_zero":
      return `all accounts together hold ${violation.sumKopecks} kopecks, not 0`;
  }
}

// sum() of bigint is numeric, which the drivers hand over as a string. Every comparison is made in SQL on those
// exact numerics, so a violation is found to the kopeck at any size; only the figures it reports are numbers.
const sumOf = (column: typeof ledgerEntries.amountKopecks | typeof ledgerAccounts.balanceKopecks) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

async function unbalancedTransactions(db: Db): Promise<LedgerViolation[]> {
  const sum = sumOf(ledgerEntries.amountKopecks);
  const entryCount = count(ledgerEntries.id);
  const rows = await db
    .select({
      transactionId: ledgerTransactions.id,
      transactionKind: ledgerTransactions.kind,
      entryCount,
      sumKopecks: sum,
    })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .having(sql`${entryCount} = 0 or ${sum} <> 0`);
  return rows.map((row) => ({ kind: "unbalanced_transaction", ...row }));
}

async function mismatchedAccounts(db: Db): Promise<LedgerViolation[]> {
  const entriesKopecks = sumOf(ledgerEntries.amountKopecks);
  const rows = await db
    .select({
      accountId: ledgerAccounts.id,
      accountKind: ledgerAccounts.kind,
      balanceKopecks: ledgerAccounts.balanceKopecks,
      entriesKopecks,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id)
    .having(sql`${ledgerAccounts.balanceKopecks} <> ${entriesKopecks}`);
  return rows.map((row) => ({ kind: "account_balance_mismatch", ...row }));
}

async function mismatchedUsers(db: Db): Promise<LedgerViolation[]> {
  const accountKopecks = sql<number>`coalesce(${ledgerAccounts.balanceKopecks}, 0)`.mapWith(Number);
  const rows = await db
    .select({ userId: users.id, username: users.username, balanceKopecks: users.balanceKopecks, accountKopecks })
    .from(users)
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, "user_available")))
    .where(sql`${users.balanceKopecks} <> ${accountKopecks}`);
  return rows.map((row) => ({ kind: "user_balance_mismatch", ...row }));
}

async function negativeAccounts(db: Db): Promise<LedgerViolation[]> {
  // ledger_accounts_balance_not_negative_check forbids these today; the check does not rely on the schema.
  const rows = await db
    .select({
      accountId: ledgerAccounts.id,
      accountKind: ledgerAccounts.kind,
      balanceKopecks: ledgerAccounts.balanceKopecks,
    })
    .from(ledgerAccounts)
    .where(
      and(notInArray(ledgerAccounts.kind, ["external", "provider_clearing"]), lt(ledgerAccounts.balanceKopecks, 0)),
    );
  return rows.map((row) => ({ kind: "negative_account", ...row }));
}

async function mismatchedEntries(db: Db): Promise<LedgerViolation[]> {
  const running = db.$with("running").as(
    db
      .select({
        entryId: sql<string>`${ledgerEntries.id}`.as("entry_id"),
        accountId: sql<string>`${ledgerEntries.accountId}`.as("account_id"),
        balanceAfterKopecks: sql<number>`${ledgerEntries.balanceAfterKopecks}`.as("balance_after_kopecks"),
        runningKopecks:
          sql<string>`sum(${ledgerEntries.amountKopecks}) over (partition by ${ledgerEntries.accountId} order by ${ledgerEntries.seq})`.as(
            "running_kopecks",
          ),
      })
      .from(ledgerEntries),
  );
  const rows = await db
    .with(running)
    .select({
      entryId: running.entryId,
      accountId: running.accountId,
      balanceAfterKopecks: sql<number>`${running.balanceAfterKopecks}`.mapWith(Number),
      runningKopecks: sql<number>`${running.runningKopecks}`.mapWith(Number),
    })
    .from(running)
    .where(sql`${running.balanceAfterKopecks} <> ${running.runningKopecks}`);
  return rows.map((row) => ({ kind: "entry_balance_mismatch", ...row }));
}

async function mismatchedHeld(db: Db): Promise<LedgerViolation[]> {
  const held = db
    .select({ userId: ledgerAccounts.userId, kopecks: ledgerAccounts.balanceKopecks })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, "user_held"))
    .as("held");
  const open = db
    .select({
      userId: withdrawals.userId,
      kopecks: sql<string>`sum(${withdrawals.amountKopecks} + ${withdrawals.feeKopecks})`.as("open_kopecks"),
    })
    .from(withdrawals)
    .where(inArray(withdrawals.status, [...openWithdrawalStatuses]))
    .groupBy(withdrawals.userId)
    .as("open_withdrawals");
  const heldKopecks = sql`coalesce(${held.kopecks}, 0)`;
  const openKopecks = sql`coalesce(${open.kopecks}, 0)`;
  // A full join: a held account with no open withdrawal and an open withdrawal with no held account both count.
  const rows = await db
    .select({
      userId: sql<string>`coalesce(${held.userId}, ${open.userId})`,
      heldKopecks: heldKopecks.mapWith(Number),
      openWithdrawalsKopecks: openKopecks.mapWith(Number),
    })
    .from(held)
    .fullJoin(open, eq(held.userId, open.userId))
    .where(sql`${heldKopecks} <> ${openKopecks}`);
  return rows.map((row) => ({ kind: "held_mismatch", ...row }));
}

async function mismatchedGuarantees(db: Db): Promise<LedgerViolation[]> {
  const held = db
    .select({ userId: ledgerAccounts.userId, kopecks: ledgerAccounts.balanceKopecks })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, "user_guarantee"))
    .as("guarantee_held");
  const owed = db
    .select({
      userId: deals.sellerId,
      kopecks: sql<string>`sum(${deals.priceKopecks} - ${deals.commissionKopecks})`.as("held_deals_kopecks"),
    })
    .from(deals)
    .where(
      and(
        inArray(deals.status, ["completed", "disputed"]),
        sql`${deals.guaranteeUntil} is not null and ${deals.guaranteeReleasedAt} is null`,
      ),
    )
    .groupBy(deals.sellerId)
    .as("held_deals");
  const heldKopecks = sql`coalesce(${held.kopecks}, 0)`;
  const owedKopecks = sql`coalesce(${owed.kopecks}, 0)`;
  const rows = await db
    .select({
      userId: sql<string>`coalesce(${held.userId}, ${owed.userId})`,
      guaranteeKopecks: heldKopecks.mapWith(Number),
      heldDealsKopecks: owedKopecks.mapWith(Number),
    })
    .from(held)
    .fullJoin(owed, eq(held.userId, owed.userId))
    .where(sql`${heldKopecks} <> ${owedKopecks}`);
  return rows.map((row) => ({ kind: "guarantee_mismatch", ...row }));
}

async function nonZeroLedger(db: Db): Promise<LedgerViolation[]> {
  const [row] = await db.select({ sumKopecks: sumOf(ledgerAccounts.balanceKopecks) }).from(ledgerAccounts);
  return row!.sumKopecks === 0 ? [] : [{ kind: "ledger_not_zero", sumKopecks: row!.sumKopecks }];
}
