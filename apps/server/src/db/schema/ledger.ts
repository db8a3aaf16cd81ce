/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   ledgerAccounts → modules/ledger (sign-up and the seed ask it to open accounts)
 *   ledgerTransactions → modules/ledger
 *   ledgerEntries → modules/ledger
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, kopecks, oneOf } from "./columns.js";
import { deals } from "./deals.js";
import { users } from "./users.js";

/**
 * Double-entry ledger: every movement of money is one transaction whose entries sum to zero over accounts.
 * `external` is the outside world (admin adjustments, top-ups) and is the only account allowed below zero.
 */
export const ledgerAccountKinds = ["user_available", "deal_escrow", "platform_fees", "external"] as const;
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
        when 'deal_escrow' then ${t.dealId} is not null and ${t.userId} is null
        else ${t.userId} is null and ${t.dealId} is null end`,
    ),
    check("ledger_accounts_balance_not_negative_check", sql`${t.kind} = 'external' or ${t.balanceKopecks} >= 0`),
  ],
);

export const ledgerTransactionKinds = ["purchase", "release", "refund", "commission", "admin_adjustment"] as const;
export type LedgerTransactionKind = (typeof ledgerTransactionKinds)[number];

export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: id(),
    kind: text("kind", { enum: ledgerTransactionKinds }).notNull(),
    dealId: uuid("deal_id").references(() => deals.id),
    /** Who caused the movement (buyer, admin); null for the sweeper. */
    actorId: uuid("actor_id").references(() => users.id),
    memo: text("memo").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_transactions_deal_idx").on(t.dealId),
    check("ledger_transactions_kind_check", oneOf(t.kind, ledgerTransactionKinds)),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: positive credits the account, negative debits it. */
    amountKopecks: kopecks("amount_kopecks").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_transaction_idx").on(t.transactionId),
    index("ledger_entries_account_created_idx").on(t.accountId, t.createdAt),
    check("ledger_entries_amount_not_zero_check", sql`${t.amountKopecks} <> 0`),
  ],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type NewLedgerAccount = typeof ledgerAccounts.$inferInsert;
export type LedgerTransaction = typeof ledgerTransactions.$inferSelect;
export type NewLedgerTransaction = typeof ledgerTransactions.$inferInsert;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
