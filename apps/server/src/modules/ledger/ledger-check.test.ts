import { existsSync } from "node:fs";
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.js";
import { deals, type Deal } from "../../db/schema/deals.js";
import { ledgerAccounts, ledgerEntries, ledgerTransactions, type LedgerAccount } from "../../db/schema/ledger.js";
import { users, type User } from "../../db/schema/users.js";
import { withdrawals } from "../../db/schema/wallet.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestDeal } from "../../test/test-deals.js";
import { createTestUser } from "../../test/test-users.js";
import { checkLedger, describeLedgerViolation, type LedgerViolation } from "./ledger-check.service.js";

let t: TestApp;
let db: Db;
let alice: User;
let bob: User;
let carol: User;
let secondDeal: Deal;
let external: LedgerAccount;
let aliceAccount: LedgerAccount;
let bobAccount: LedgerAccount;

async function account(values: typeof ledgerAccounts.$inferInsert): Promise<LedgerAccount> {
  const [row] = await db.insert(ledgerAccounts).values(values).returning();
  return row!;
}

/** A ledger transaction with its entries, written as given: nothing here keeps balances in step. */
async function transaction(
  executor: Db,
  kind: "purchase" | "release" | "refund" | "admin_adjustment",
  entries: Array<[LedgerAccount, number]>,
  dealId?: string,
): Promise<string> {
  const [row] = await executor
    .insert(ledgerTransactions)
    .values({ kind, dealId })
    .returning({ id: ledgerTransactions.id });
  if (entries.length > 0) {
    await executor.insert(ledgerEntries).values(
      entries.map(([entryAccount, amountKopecks]) => ({
        transactionId: row!.id,
        accountId: entryAccount.id,
        amountKopecks,
        balanceAfterKopecks: sql`(select coalesce(sum(${ledgerEntries.amountKopecks}), 0) from ${ledgerEntries} where ${ledgerEntries.accountId} = ${entryAccount.id}) + ${amountKopecks}`,
      })),
    );
  }
  return row!.id;
}

/**
 * The money of a small marketplace, consistent: an admin tops Alice up with 10 roubles, she buys Bob's product
 * for 6, the deal completes with 5 % commission. Carol never had money and has no account.
 */
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  alice = await createTestUser(db, { username: "alice" });
  bob = await createTestUser(db, { username: "bob" });
  carol = await createTestUser(db, { username: "carol" });
  const { deal } = await createTestDeal(t, { sellerId: bob.id, buyerId: alice.id, priceKopecks: 600 });
  secondDeal = (await createTestDeal(t, { sellerId: bob.id, buyerId: alice.id, status: "purchased" })).deal;

  external = await account({ kind: "external", balanceKopecks: -1000 });
  const fees = await account({ kind: "platform_fees", balanceKopecks: 30 });
  aliceAccount = await account({ kind: "user_available", userId: alice.id, balanceKopecks: 400 });
  bobAccount = await account({ kind: "user_available", userId: bob.id, balanceKopecks: 570 });
  const escrow = await account({ kind: "deal_escrow", dealId: deal.id, balanceKopecks: 0 });
  await transaction(db, "admin_adjustment", [
    [external, -1000],
    [aliceAccount, 1000],
  ]);
  await transaction(
    db,
    "purchase",
    [
      [aliceAccount, -600],
      [escrow, 600],
    ],
    deal.id,
  );
  await transaction(
    db,
    "release",
    [
      [escrow, -600],
      [bobAccount, 570],
      [fees, 30],
    ],
    deal.id,
  );
  await db.update(users).set({ balanceKopecks: 400 }).where(eq(users.id, alice.id));
  await db.update(users).set({ balanceKopecks: 570 }).where(eq(users.id, bob.id));
});
afterAll(() => t.close());

/** Runs `work` on data that is rolled back afterwards, so the suite's database stays consistent. */
async function rolledBack<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await expect(
    db.transaction(async (tx) => {
      result = await work(tx);
      tx.rollback();
    }),
  ).rejects.toThrow(TransactionRollbackError);
  return result as T;
}

describe("checkLedger", () => {
  it("finds nothing wrong when every transaction balances and every balance follows from the entries", async () => {
    expect(await checkLedger(db)).toEqual([]);
  });

  it("names each kind of violation with the rows involved", async () => {
    const { violations, ids } = await rolledBack(async (tx) => {
      // One entry of 5 kopecks with nothing against it; the account and the user follow it, so only the transaction is wrong.
      const unbalanced = await transaction(tx, "admin_adjustment", [[aliceAccount, 5]]);
      await tx.update(ledgerAccounts).set({ balanceKopecks: 405 }).where(eq(ledgerAccounts.id, aliceAccount.id));
      await tx.update(users).set({ balanceKopecks: 405 }).where(eq(users.id, alice.id));
      const empty = await transaction(tx, "refund", []);
      // Bob's account and his projection agree with each other, but not with his entries.
      await tx.update(ledgerAccounts).set({ balanceKopecks: 580 }).where(eq(ledgerAccounts.id, bobAccount.id));
      await tx.update(users).set({ balanceKopecks: 580 }).where(eq(users.id, bob.id));
      // Money for Carol, who has no account.
      await tx.update(users).set({ balanceKopecks: 250 }).where(eq(users.id, carol.id));
      // The schema forbids a negative escrow; without that guard the check still catches one.
      await tx.execute(sql`alter table ledger_accounts drop constraint ledger_accounts_balance_not_negative_check`);
      const [escrow] = await tx
        .insert(ledgerAccounts)
        .values({ kind: "deal_escrow", dealId: secondDeal.id, balanceKopecks: -70 })
        .returning();
      await transaction(
        tx,
        "refund",
        [
          [escrow!, -70],
          [external, 70],
        ],
        secondDeal.id,
      );
      await tx.update(ledgerAccounts).set({ balanceKopecks: -930 }).where(eq(ledgerAccounts.id, external.id));
      return { violations: await checkLedger(tx), ids: { unbalanced, empty, escrow: escrow!.id } };
    });

    const expected: LedgerViolation[] = [
      {
        kind: "unbalanced_transaction",
        transactionId: ids.unbalanced,
        transactionKind: "admin_adjustment",
        entryCount: 1,
        sumKopecks: 5,
      },
      {
        kind: "unbalanced_transaction",
        transactionId: ids.empty,
        transactionKind: "refund",
        entryCount: 0,
        sumKopecks: 0,
      },
      {
        kind: "account_balance_mismatch",
        accountId: bobAccount.id,
        accountKind: "user_available",
        balanceKopecks: 580,
        entriesKopecks: 570,
      },
      { kind: "user_balance_mismatch", userId: carol.id, username: "carol", balanceKopecks: 250, accountKopecks: 0 },
      { kind: "negative_account", accountId: ids.escrow, accountKind: "deal_escrow", balanceKopecks: -70 },
      // Alice's extra 5 kopecks and Bob's 10 came from nowhere: -930 + 30 + 405 + 580 + 0 - 70.
      { kind: "ledger_not_zero", sumKopecks: 15 },
    ];
    expect(violations).toHaveLength(expected.length);
    expect(violations).toEqual(expect.arrayContaining(expected));
    expect(violations.map(describeLedgerViolation)).toEqual(
      expect.arrayContaining([
        `transaction ${ids.unbalanced} (admin_adjustment): its 1 entries sum to 5 kopecks, not 0`,
        `transaction ${ids.empty} (refund) has no entries`,
        `account ${bobAccount.id} (user_available): balance 580 kopecks, its entries sum to 570`,
        `user ${carol.id} (carol): users.balance_kopecks is 250, the available account holds 0`,
        `account ${ids.escrow} (deal_escrow) is below zero: -70 kopecks`,
        "all accounts together hold 15 kopecks, not 0",
      ]),
    );
  });

  it("sees a user balance that differs from the user's own account", async () => {
    const violations = await rolledBack(async (tx) => {
      await tx.update(users).set({ balanceKopecks: 399 }).where(eq(users.id, alice.id));
      return checkLedger(tx);
    });
    expect(violations).toEqual([
      { kind: "user_balance_mismatch", userId: alice.id, username: "alice", balanceKopecks: 399, accountKopecks: 400 },
    ]);
  });

  it("sees an entry whose balance-after is not its account's running sum", async () => {
    const { violations, entryId } = await rolledBack(async (tx) => {
      const [entry] = await tx
        .update(ledgerEntries)
        .set({ balanceAfterKopecks: 999 })
        .where(eq(ledgerEntries.accountId, bobAccount.id))
        .returning({ id: ledgerEntries.id });
      return { violations: await checkLedger(tx), entryId: entry!.id };
    });
    expect(violations).toEqual([
      {
        kind: "entry_balance_mismatch",
        entryId,
        accountId: bobAccount.id,
        balanceAfterKopecks: 999,
        runningKopecks: 570,
      },
    ]);
    expect(describeLedgerViolation(violations[0]!)).toBe(
      `entry ${entryId} of account ${bobAccount.id}: balance after 999 kopecks, its account's entries up to it sum to 570`,
    );
  });

  it("sees open withdrawals whose amount and fee the user's held account does not hold", async () => {
    const violations = await rolledBack(async (tx) => {
      const withdrawal = {
        userId: alice.id,
        method: "card" as const,
        destinationEncrypted: "x",
        destinationMasked: "x",
      };
      await tx.insert(withdrawals).values([
        { ...withdrawal, amountKopecks: 300, feeKopecks: 3, status: "pending" },
        { ...withdrawal, amountKopecks: 100, feeKopecks: 0, status: "processing" },
        // Settled withdrawals hold nothing.
        { ...withdrawal, amountKopecks: 900, status: "paid" },
        { ...withdrawal, amountKopecks: 900, status: "rejected" },
      ]);
      return checkLedger(tx);
    });
    expect(violations).toEqual([
      { kind: "held_mismatch", userId: alice.id, heldKopecks: 0, openWithdrawalsKopecks: 403 },
    ]);
    expect(describeLedgerViolation(violations[0]!)).toBe(
      `user ${alice.id}: the held account holds 0 kopecks, their open withdrawals 403`,
    );
  });

  it("sees a seller's deals in a guarantee hold whose earnings their guarantee account does not hold", async () => {
    const violations = await rolledBack(async (tx) => {
      // The completed deal paid Bob's available account, yet claims a window: its 600 would have to be held.
      await tx.update(deals).set({ guaranteeUntil: new Date() }).where(eq(deals.status, "completed"));
      // A released window holds nothing.
      await tx
        .update(deals)
        .set({ status: "completed", guaranteeUntil: new Date(), guaranteeReleasedAt: new Date() })
        .where(eq(deals.id, secondDeal.id));
      return checkLedger(tx);
    });
    expect(violations).toEqual([
      { kind: "guarantee_mismatch", userId: bob.id, guaranteeKopecks: 0, heldDealsKopecks: 600 },
    ]);
    expect(describeLedgerViolation(violations[0]!)).toBe(
      `user ${bob.id}: the guarantee account holds 0 kopecks, their deals in a guarantee hold 600`,
    );
  });

  it("leaves the rolled-back cases behind it: the suite's database is consistent again", async () => {
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe("createTestApp's close()", () => {
  it("fails when the test left the ledger inconsistent, and still removes the app's database and files", async () => {
    const broken = await createTestApp();
    await broken.database.db.insert(ledgerTransactions).values({ kind: "admin_adjustment" });
    await expect(broken.close()).rejects.toThrow(
      /The ledger does not add up after this suite:\n {2}- transaction .+ \(admin_adjustment\) has no entries/,
    );
    expect(existsSync(broken.config.dataDir)).toBe(false);
  });
});
