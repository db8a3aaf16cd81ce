/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   ledgerAccounts → modules/ledger (sign-up and the seed ask it to open accounts)
 *   ledgerTransactions → modules/ledger
 *   ledgerEntries → modules/ledger
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, kopecks, oneOf } from "./columns.js";
import { deals } from "./deals.js";
import { users } from "./users.js";
import { topUps, withdrawals } from "./wallet.js";

/**
 * Double-entry ledger: every movement of money is one transaction whose entries sum to zero over accounts.
 * `user_available` is what a user may spend, `user_held` what is theirs but not at hand (withdrawals waiting to be
 * paid), `user_guarantee` a seller's earnings from completed deals still in their guarantee window, `deal_escrow` a deal's price until it closes, `platform_fees` the commission kept. Two accounts stand for
 * money outside and so go below zero: `external` (admin adjustments, withdrawals paid by hand) and
 * `provider_clearing` (what the payment provider took in for us and pays out for us).
 */
export const ledgerAccountKinds = [
  "user_available",
  "user_held",
  "user_guarantee",
  "deal_escrow",
  "platform_fees",
  "external",
  "provider_clearing",
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: id(),
    kind: text("kind", { enum: ledgerAccountKinds }).notNull(),
    userId: uuid("user_id").references(() => users.id),
    dealId: uuid("deal_id").references(() => deals.id),
    balanceKopecks: kopecks("balance_kopecks").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_kind_user_key")
      .on(t.kind, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("ledger_accounts_kind_deal_key")
      .on(t.kind, t.dealId)
      .where(sql`${t.dealId} is not null`),
    // platform_fees and external exist once each.
    uniqueIndex("ledger_accounts_kind_singleton_key")
      .on(t.kind)
      .where(sql`${t.userId} is null and ${t.dealId} is null`),
    check("ledger_accounts_kind_check", oneOf(t.kind, ledgerAccountKinds)),
    check(
      "ledger_accounts_owner_check",
      sql`case ${t.kind}
        when 'user_available' then ${t.userId} is not null and ${t.dealId} is null
        when 'user_held' then ${t.userId} is not null and ${t.dealId} is null
        when 'user_guarantee' then ${t.userId} is not null and ${t.dealId} is null
        when 'deal_escrow' then ${t.dealId} is not null and ${t.userId} is null
        else ${t.userId} is null and ${t.dealId} is null end`,
    ),
    check(
      "ledger_accounts_balance_not_negative_check",
      sql`${t.kind} in ('external', 'provider_clearing') or ${t.balanceKopecks} >= 0`,
    ),
  ],
);

export const ledgerTransactionKinds = [
  "purchase",
  "release",
  "refund",
  "commission",
  "admin_adjustment",
  "top_up",
  "withdrawal",
  "withdrawal_paid",
  "withdrawal_returned",
  "guarantee_release",
] as const;
export type LedgerTransactionKind = (typeof ledgerTransactionKinds)[number];

export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: id(),
    kind: text("kind", { enum: ledgerTransactionKinds }).notNull(),
    dealId: uuid("deal_id").references(() => deals.id),
    topUpId: uuid("top_up_id").references(() => topUps.id),
    withdrawalId: uuid("withdrawal_id").references(() => withdrawals.id),
    /** Who caused the movement (buyer, admin); null for the sweeper. */
    actorId: uuid("actor_id").references(() => users.id),
    memo: text("memo").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_transactions_deal_idx").on(t.dealId),
    // A top-up is credited once and a withdrawal moves each way once, whatever races to post it.
    uniqueIndex("ledger_transactions_top_up_key")
      .on(t.topUpId)
      .where(sql`${t.topUpId} is not null`),
    uniqueIndex("ledger_transactions_withdrawal_kind_key")
      .on(t.withdrawalId, t.kind)
      .where(sql`${t.withdrawalId} is not null`),
    check("ledger_transactions_kind_check", oneOf(t.kind, ledgerTransactionKinds)),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    /**
     * The order entries were posted in. Postings to one account hold its row locked, so within an account this is
     * the order its balance moved in, which timestamps (equal within a posting, or under a held test clock) are not.
     */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: positive credits the account, negative debits it. */
    amountKopecks: kopecks("amount_kopecks").notNull(),
    /** The account's balance right after this entry, for statements; the ledger check holds it to the entries. */
    balanceAfterKopecks: kopecks("balance_after_kopecks").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_transaction_idx").on(t.transactionId),
    index("ledger_entries_account_created_idx").on(t.accountId, t.createdAt),
    index("ledger_entries_account_seq_idx").on(t.accountId, t.seq),
    check("ledger_entries_amount_not_zero_check", sql`${t.amountKopecks} <> 0`),
  ],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type NewLedgerAccount = typeof ledgerAccounts.$inferInsert;
export type LedgerTransaction = typeof ledgerTransactions.$inferSelect;
export type NewLedgerTransaction = typeof ledgerTransactions.$inferInsert;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
