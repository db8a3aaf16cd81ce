import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { preparedOn } from "../../db/prepared.js";
import { products } from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type LedgerTransactionKind,
} from "../../db/schema/ledger.js";

/*
 * A user's money as the ledger holds it, for the wallet (ARCHITECTURE.md §4 "Wallet"): the balances of their
 * accounts, and the statement of every entry of their available account and of their earnings held by a
 * guarantee (issue 22). Read only; postings are ledger.service.ts.
 */

export type UserMoney = { availableKopecks: number; heldKopecks: number; guaranteeKopecks: number };

const moneyOfUser = preparedOn((db) =>
  db
    .select({ kind: ledgerAccounts.kind, balanceKopecks: ledgerAccounts.balanceKopecks })
    .from(ledgerAccounts)
    // The kinds lead the only index on user_id (ledger_accounts_kind_user_key): named, the three accounts are three
    // index probes; left out, every account of the ledger was scanned (16 ms against 124,000 accounts).
    .where(
      and(
        inArray(ledgerAccounts.kind, ["user_available", "user_held", "user_guarantee"]),
        eq(ledgerAccounts.userId, sql.placeholder("userId")),
      ),
    )
    .prepare("ledger_user_money"),
);

/** The user's available, held and guarantee accounts; an account never opened holds nothing. */
export async function userMoney(db: Db, userId: string): Promise<UserMoney> {
  const rows = await moneyOfUser(db).execute({ userId });
  const balanceOf = (kind: "user_available" | "user_held" | "user_guarantee") =>
    rows.find((row) => row.kind === kind)?.balanceKopecks ?? 0;
  return {
    availableKopecks: balanceOf("user_available"),
    heldKopecks: balanceOf("user_held"),
    guaranteeKopecks: balanceOf("user_guarantee"),
  };
}

export type StatementRow = {
  entryId: string;
  /** Which account the entry moved: the available money, or the earnings a guarantee holds. */
  account: "user_available" | "user_guarantee";
  transactionKind: LedgerTransactionKind;
  amountKopecks: number;
  balanceAfterKopecks: number;
  dealId: string | null;
  product: { id: string; title: string } | null;
  topUpId: string | null;
  withdrawalId: string | null;
  createdAt: Date;
};

/**
 * One page of the entries of the user's available and guarantee accounts, newest first in posting order (`seq`, which timestamps
 * equal within a posting cannot give). The page is picked from ledger_entries_account_seq_idx alone and only its
 * rows are joined to their transaction, deal and product, so a far page costs its offset in index entries and no more.
 */
export async function userStatement(
  db: Db,
  userId: string,
  page: { page: number; perPage: number },
): Promise<{ rows: StatementRow[]; total: number }> {
  const account = db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.kind, ["user_available", "user_guarantee"]), eq(ledgerAccounts.userId, userId)));
  const picked = db.$with("picked").as(
    db
      .select({ id: ledgerEntries.id, seq: ledgerEntries.seq })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.accountId, account))
      .orderBy(desc(ledgerEntries.seq))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .with(picked)
      .select({
        entryId: ledgerEntries.id,
        account: ledgerAccounts.kind,
        transactionKind: ledgerTransactions.kind,
        amountKopecks: ledgerEntries.amountKopecks,
        balanceAfterKopecks: ledgerEntries.balanceAfterKopecks,
        dealId: ledgerTransactions.dealId,
        productId: products.id,
        productTitle: products.title,
        topUpId: ledgerTransactions.topUpId,
        withdrawalId: ledgerTransactions.withdrawalId,
        createdAt: ledgerEntries.createdAt,
      })
      .from(picked)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, picked.id))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .leftJoin(deals, eq(deals.id, ledgerTransactions.dealId))
      .leftJoin(products, eq(products.id, deals.productId))
      .orderBy(desc(picked.seq)),
    db.select({ total: count() }).from(ledgerEntries).where(inArray(ledgerEntries.accountId, account)),
  ]);
  return {
    rows: rows.map(({ productId, productTitle, account: kind, ...row }) => ({
      ...row,
      account: kind === "user_guarantee" ? "user_guarantee" : "user_available",
      product: productId === null || productTitle === null ? null : { id: productId, title: productTitle },
    })),
    total: counted?.total ?? 0,
  };
}
