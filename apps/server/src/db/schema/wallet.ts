/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   topUps → modules/wallet
 *   testPayments → modules/wallet (the built-in test checkout's own book, standing in for a provider's)
 *   withdrawals → modules/wallet
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, kopecks, oneOf, timestamptz } from "./columns.js";
import { users } from "./users.js";

export const topUpStatuses = ["pending", "succeeded", "canceled"] as const;
export type TopUpStatus = (typeof topUpStatuses)[number];

export const paymentProviders = ["yookassa", "test"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/**
 * Money a user asked to pay in, and the provider payment that carries it. Credited to the balance only when the
 * provider, asked by payment id, says the payment succeeded for this amount (ARCHITECTURE.md §4 "Wallet"); the
 * ledger's unique top-up posting makes that happen once however many notifications and re-checks race.
 */
export const topUps = pgTable(
  "top_ups",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amountKopecks: kopecks("amount_kopecks").notNull(),
    status: text("status", { enum: topUpStatuses }).notNull().default("pending"),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    /** The provider's payment; null only while the provider has not answered the create call yet. */
    providerPaymentId: text("provider_payment_id"),
    confirmationUrl: text("confirmation_url"),
    /** Where the payer comes back to on this site. */
    returnPath: text("return_path").notNull().default("/wallet"),
    /** The Idempotency-Key of the request that made it: a retry answers this top-up. */
    idempotencyKey: text("idempotency_key"),
    /** When the re-check job next asks the provider about a pending top-up, and how often it has asked. */
    nextCheckAt: timestamptz("next_check_at"),
    checks: integer("checks").notNull().default(0),
    createdAt: createdAt(),
    settledAt: timestamptz("settled_at"),
  },
  (t) => [
    uniqueIndex("top_ups_provider_payment_key").on(t.provider, t.providerPaymentId),
    uniqueIndex("top_ups_user_idempotency_key")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("top_ups_user_created_idx").on(t.userId, t.createdAt),
    index("top_ups_pending_check_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'pending'`),
    check("top_ups_status_check", oneOf(t.status, topUpStatuses)),
    check("top_ups_provider_check", oneOf(t.provider, paymentProviders)),
    check("top_ups_amount_positive_check", sql`${t.amountKopecks} > 0`),
  ],
);

/**
 * The payments of the built-in test checkout (PAYMENTS_PROVIDER=test): what a provider keeps in its own database,
 * kept here so the test provider answers "create" and "get" across restarts and instances as a real one does.
 */
export const testPayments = pgTable(
  "test_payments",
  {
    id: id(),
    amountKopecks: kopecks("amount_kopecks").notNull(),
    status: text("status", { enum: topUpStatuses }).notNull().default("pending"),
    description: text("description").notNull(),
    returnUrl: text("return_url").notNull(),
    metadata: jsonb("metadata").notNull(),
    /** The Idempotence-Key of the create call: a repeat answers the same payment. */
    idempotenceKey: text("idempotence_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("test_payments_idempotence_key").on(t.idempotenceKey),
    check("test_payments_status_check", oneOf(t.status, topUpStatuses)),
  ],
);

export const withdrawalStatuses = ["pending", "processing", "paid", "rejected", "canceled"] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawalMethodNames = ["card", "sbp", "yoomoney"] as const;

/** Open withdrawals: their money sits in the user's held account. */
export const openWithdrawalStatuses = ["pending", "processing"] as const satisfies readonly WithdrawalStatus[];

/**
 * Money a user asked to take out. The amount and the fee move to the user's held account when it is made, and leave
 * it when it is paid (to the outside world) or come back to the balance when it is rejected, canceled or its payout
 * fails.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amountKopecks: kopecks("amount_kopecks").notNull(),
    feeKopecks: kopecks("fee_kopecks").notNull().default(0),
    method: text("method", { enum: withdrawalMethodNames }).notNull(),
    /** The full destination, encrypted at rest like product data; only the masked form is ever shown. */
    destinationEncrypted: text("destination_encrypted").notNull(),
    destinationMasked: text("destination_masked").notNull(),
    /** The SBP participant to pay to, for ЮKassa SBP payouts. */
    bankId: text("bank_id"),
    status: text("status", { enum: withdrawalStatuses }).notNull().default("pending"),
    payoutReference: text("payout_reference"),
    reason: text("reason"),
    /** The ЮKassa payout sent for it, while and after `processing`. */
    providerPayoutId: text("provider_payout_id"),
    decidedBy: uuid("decided_by").references(() => users.id),
    /** When the re-check job next asks the provider about a payout in `processing`. */
    nextCheckAt: timestamptz("next_check_at"),
    createdAt: createdAt(),
    decidedAt: timestamptz("decided_at"),
  },
  (t) => [
    uniqueIndex("withdrawals_provider_payout_key").on(t.providerPayoutId),
    index("withdrawals_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("withdrawals_status_created_idx").on(t.status, t.createdAt),
    check("withdrawals_status_check", oneOf(t.status, withdrawalStatuses)),
    check("withdrawals_method_check", oneOf(t.method, withdrawalMethodNames)),
    check("withdrawals_amount_positive_check", sql`${t.amountKopecks} > 0 and ${t.feeKopecks} >= 0`),
  ],
);

export type TopUp = typeof topUps.$inferSelect;
export type NewTopUp = typeof topUps.$inferInsert;
export type TestPayment = typeof testPayments.$inferSelect;
export type Withdrawal = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
