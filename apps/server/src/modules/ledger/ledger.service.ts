import { randomUUID } from "node:crypto";
import { BALANCE_ADJUSTMENT_MAX, BALANCE_MAX, roublesToKopecks } from "@lootlane/contract";
import { and, asc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type LedgerAccount,
  type LedgerAccountKind,
  type LedgerTransactionKind,
} from "../../db/schema/ledger.js";
import { users } from "../../db/schema/users.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { userRowChanged } from "../users/users.events.js";
import { userMoneyChanged } from "./ledger.events.js";

/*
 * The only code that changes a balance (STYLE.md convention 2, ARCHITECTURE.md §4 "Deals and money"). Every
 * movement is one ledger transaction whose entries sum to zero, posted inside the caller's database
 * transaction, and users.balance_kopecks follows the user's `user_available` account in that same transaction.
 *
 * Lock order, the same for every posting so two postings never wait on each other in a circle: the users rows
 * of the user accounts involved, then the accounts, each set by id. Callers lock their deal and product before
 * posting (deal → product → users → accounts everywhere).
 *
 * Users rows are locked FOR NO KEY UPDATE, never FOR UPDATE: a balance is not a key, and FOR UPDATE would also
 * wait for every statement that merely references the user (a chat message's foreign key takes KEY SHARE).
 * A message statement holds its chat row while it checks that key, and a deal transition posts into the same
 * chat after locking the user, so FOR UPDATE deadlocked them (found by e2e/chaos under purchases and messages).
 */

// A user's balances and statement are read apart from the postings; other modules reach them through this file.
export { userMoney, userStatement, type StatementRow, type UserMoney } from "./ledger-statement.service.js";
export { createUserMoneyCache, type UserMoneyCache } from "./ledger-money.cache.js";

export type AccountRef =
  | { kind: "user_available" | "user_held" | "user_guarantee"; userId: string }
  | { kind: "deal_escrow"; dealId: string }
  | { kind: "platform_fees" | "external" | "provider_clearing" };

/** The accounts that stand for money outside, the only ones that go below zero (schema/ledger.ts). */
const OUTSIDE_ACCOUNTS: ReadonlySet<LedgerAccountKind> = new Set(["external", "provider_clearing"]);

export type LedgerEntryInput = { account: AccountRef; amountKopecks: number };

export type Posting = {
  kind: LedgerTransactionKind;
  dealId?: string;
  topUpId?: string;
  withdrawalId?: string;
  /** Who caused the movement; null for the sweeper. */
  actorId: string | null;
  memo?: string;
  at: Date;
  /** Signed kopecks: positive credits the account, negative debits it. Zero amounts are left out. */
  entries: LedgerEntryInput[];
};

export type PostingResult = { transactionId: string; userBalances: Map<string, number> };

/**
 * Posts one balanced transaction. A posting that does not sum to zero is a bug and throws; a debit that would
 * take any account but the two outside ones below zero is refused with NOT_ENOUGH_BALANCE. Answers the new balance of
 * every user account it touched, by user id.
 */
export async function postLedgerTransaction(tx: Db, posting: Posting): Promise<PostingResult> {
  const entries = posting.entries.filter((entry) => entry.amountKopecks !== 0);
  assertBalanced(entries);

  const userIds = [...new Set(entries.flatMap(({ account }) => ("userId" in account ? [account.userId] : [])))].sort();
  // One row per account: a posting may move one account twice (a sale and its commission).
  const owners = [
    ...new Map(
      entries.map(({ account }) => [accountKey(account), { kind: account.kind, ...ownerOf(account) }]),
    ).values(),
  ];
  // Opens the accounts that do not exist yet, at zero: escrow accounts with their deal, the two singletons on first
  // use, a user's account for users made without one (sign-up and the seed open it). ON CONFLICT makes two
  // transactions opening the same account at once end up with the one row: the insert waits for the other's
  // commit, so the locking read below sees it. It rides on the users' lock to save a round trip: it locks no rows.
  const opened = tx.$with("opened").as(
    tx
      .insert(ledgerAccounts)
      .values(owners.map((owner) => ({ ...owner, balanceKopecks: 0 })))
      .onConflictDoNothing()
      .returning({ id: ledgerAccounts.id }),
  );
  const lockedUsers = await tx
    .with(opened)
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
    .for("no key update");
  if (lockedUsers.length !== userIds.length) throw new AppError("USER_NOT_FOUND");

  const locked = await lockAccounts(tx, owners);
  const accountIds = entries.map((entry) => locked.find((account) => owns(account, entry.account))!.id);
  // Summed as bigint: the external account holds minus all the money ever paid in, which no cap bounds, and a
  // double past 2^53 kopecks would round the sum and break the ledger by a few kopecks.
  const balances = new Map(locked.map((account) => [account.id, account.exactBalanceKopecks]));
  const balancesAfter = entries.map((entry, index) => {
    const id = accountIds[index]!;
    balances.set(id, balances.get(id)! + BigInt(entry.amountKopecks));
    return balances.get(id)!;
  });

  const changed = locked.filter((account) => balances.get(account.id) !== account.exactBalanceKopecks);
  const userBalances = new Map<string, number>();
  for (const account of changed) {
    const balance = balances.get(account.id)!;
    if (balance < 0n && !OUTSIDE_ACCOUNTS.has(account.kind)) throw new AppError("NOT_ENOUGH_BALANCE");
    if (account.kind === "user_available") userBalances.set(account.userId!, Number(balance));
  }
  if (changed.length > 0) {
    // The accounts and the users' balance projection in one statement: the update of users reads the new balances.
    const newBalance = sql.join(
      [
        sql`case ${ledgerAccounts.id}`,
        ...changed.map((account) => sql`when ${account.id}::uuid then ${balances.get(account.id)!.toString()}::bigint`),
        sql`end`,
      ],
      sql` `,
    );
    const moved = tx.$with("moved").as(
      tx
        .update(ledgerAccounts)
        .set({ balanceKopecks: newBalance })
        .where(
          inArray(
            ledgerAccounts.id,
            changed.map((account) => account.id),
          ),
        )
        .returning({
          kind: ledgerAccounts.kind,
          userId: ledgerAccounts.userId,
          balanceKopecks: ledgerAccounts.balanceKopecks,
        }),
    );
    await tx
      .with(moved)
      .update(users)
      .set({ balanceKopecks: sql`${moved.balanceKopecks}` })
      .from(moved)
      .where(and(eq(users.id, moved.userId), eq(moved.kind, "user_available")));
    for (const userId of userBalances.keys()) userRowChanged(tx, userId);
    for (const userId of new Set(changed.flatMap((account) => account.userId ?? []))) userMoneyChanged(tx, userId);
  }

  // The transaction and its entries in one statement; the id is made here so the entries can name it.
  const transactionId = randomUUID();
  const header = tx.$with("header").as(
    tx
      .insert(ledgerTransactions)
      .values({
        id: transactionId,
        kind: posting.kind,
        dealId: posting.dealId ?? null,
        topUpId: posting.topUpId ?? null,
        withdrawalId: posting.withdrawalId ?? null,
        actorId: posting.actorId,
        memo: posting.memo ?? "",
        createdAt: posting.at,
      })
      .returning({ id: ledgerTransactions.id }),
  );
  await tx
    .with(header)
    .insert(ledgerEntries)
    .values(
      entries.map((entry, index) => ({
        transactionId,
        accountId: accountIds[index]!,
        amountKopecks: entry.amountKopecks,
        balanceAfterKopecks: Number(balancesAfter[index]!),
        createdAt: posting.at,
      })),
    );
  return { transactionId, userBalances };
}

/** New users' accounts at zero, in the transaction that creates the users: users.balance is their projection. */
export async function openUserAccounts(tx: Db, userIds: readonly string[]): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(userIds.map((userId) => ({ kind: "user_available" as const, userId, balanceKopecks: 0 })));
}

const ADJUSTMENT_MAX_KOPECKS = roublesToKopecks(BALANCE_ADJUSTMENT_MAX);
const BALANCE_MAX_KOPECKS = roublesToKopecks(BALANCE_MAX);

/**
 * An admin's top-up (positive) or take-back (negative) of a user's balance, against the outside world. Used by
 * POST /admin/balance-adjustment and the admin's edit of a user. Answers the user's new balance in kopecks.
 * Admins are the only source of new money, so they are held to the contract's caps: at most
 * BALANCE_ADJUSTMENT_MAX either way, leaving at most BALANCE_MAX, else a field error on the request's `field`.
 * The balance is checked once posted, under the posting's locks, so concurrent top-ups cannot pass it together.
 */
export async function adjustUserBalance(
  tx: Db,
  input: { userId: string; amountKopecks: number; adminId: string; memo: string; at: Date; field: string },
): Promise<number> {
  if (Math.abs(input.amountKopecks) > ADJUSTMENT_MAX_KOPECKS)
    throw validationError([{ field: input.field, message: `At most ${BALANCE_ADJUSTMENT_MAX} per change` }]);
  const { userBalances } = await postLedgerTransaction(tx, {
    kind: "admin_adjustment",
    actorId: input.adminId,
    memo: input.memo,
    at: input.at,
    entries: [
      { account: { kind: "user_available", userId: input.userId }, amountKopecks: input.amountKopecks },
      { account: { kind: "external" }, amountKopecks: -input.amountKopecks },
    ],
  });
  const balance = userBalances.get(input.userId)!;
  if (input.amountKopecks > 0 && balance > BALANCE_MAX_KOPECKS)
    throw validationError([{ field: input.field, message: `A balance holds at most ${BALANCE_MAX}` }]);
  return balance;
}

function assertBalanced(entries: readonly LedgerEntryInput[]): void {
  if (entries.length === 0) throw new Error("A ledger transaction needs entries");
  if (entries.some((entry) => !Number.isSafeInteger(entry.amountKopecks)))
    throw new Error("Ledger amounts are whole kopecks");
  const sum = entries.reduce((total, entry) => total + entry.amountKopecks, 0);
  if (sum !== 0) throw new Error(`Ledger entries must sum to zero, they sum to ${sum}`);
}

type LockedAccount = LedgerAccount & { exactBalanceKopecks: bigint };

/** Locks the accounts of the owners (all opened), by id, with their balances read as text into exact bigints. */
async function lockAccounts(
  tx: Db,
  owners: ReadonlyArray<Pick<LedgerAccount, "kind" | "userId" | "dealId">>,
): Promise<LockedAccount[]> {
  const rows = await tx
    .select({ ...getTableColumns(ledgerAccounts), exactBalance: sql<string>`${ledgerAccounts.balanceKopecks}::text` })
    .from(ledgerAccounts)
    .where(
      or(
        ...owners.map((owner) =>
          and(
            eq(ledgerAccounts.kind, owner.kind),
            owner.userId ? eq(ledgerAccounts.userId, owner.userId) : isNull(ledgerAccounts.userId),
            owner.dealId ? eq(ledgerAccounts.dealId, owner.dealId) : isNull(ledgerAccounts.dealId),
          ),
        ),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
  return rows.map(({ exactBalance, ...account }) => ({ ...account, exactBalanceKopecks: BigInt(exactBalance) }));
}

function owns(account: LedgerAccount, ref: AccountRef): boolean {
  const owner = ownerOf(ref);
  return account.kind === ref.kind && account.userId === owner.userId && account.dealId === owner.dealId;
}

function accountKey(ref: AccountRef): string {
  const owner = ownerOf(ref);
  return `${ref.kind}:${owner.userId ?? ""}:${owner.dealId ?? ""}`;
}

function ownerOf(ref: AccountRef): Pick<LedgerAccount, "userId" | "dealId"> {
  if ("userId" in ref) return { userId: ref.userId, dealId: null };
  if (ref.kind === "deal_escrow") return { userId: null, dealId: ref.dealId };
  return { userId: null, dealId: null };
}

export type MoneyTotals = {
  /** Credited to users by top-ups since the given time. */
  topUpsKopecks: bigint;
  /** Paid out to users' destinations since the given time (withdrawal fees not included). */
  payoutsKopecks: bigint;
  /** Everything the platform has kept: deal commissions and withdrawal fees. */
  feesKopecks: bigint;
  /** What open deals' escrow holds now. */
  escrowKopecks: bigint;
};

/** The admin dashboard's money figures, read from the ledger in one statement (so from one snapshot). */
export async function moneyTotals(db: Db, since: Date): Promise<MoneyTotals> {
  const exact = (sum: SQL) => sql<string>`coalesce(${sum}, 0)::text`.mapWith(BigInt);
  const movedSince = (kind: LedgerTransactionKind, accountKinds: string) => sql`(
    select sum(e.amount_kopecks) from ${ledgerEntries} e
    join ${ledgerTransactions} t on t.id = e.transaction_id
    join ${ledgerAccounts} a on a.id = e.account_id
    where t.kind = ${kind} and a.kind in (${sql.raw(accountKinds)}) and t.created_at >= ${since})`;
  const held = (kind: LedgerAccountKind) =>
    sql`(select sum(${ledgerAccounts.balanceKopecks}) from ${ledgerAccounts} where ${ledgerAccounts.kind} = ${kind})`;
  const [row] = await db
    .select({
      topUpsKopecks: exact(movedSince("top_up", "'user_available'")),
      payoutsKopecks: exact(movedSince("withdrawal_paid", "'external', 'provider_clearing'")),
      feesKopecks: exact(held("platform_fees")),
      escrowKopecks: exact(held("deal_escrow")),
    })
    .from(sql`(select 1) as one`);
  return row!;
}
