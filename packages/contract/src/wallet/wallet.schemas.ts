import { z } from "zod";
import {
  PAYOUT_REFERENCE_MAX,
  TOP_UP_MIN,
  WITHDRAWAL_DESTINATION_MAX,
  WITHDRAWAL_REASON_MAX,
} from "../common/constants.js";
import { plainText } from "../common/plain-text.js";
import { pageQuerySchema } from "../catalog/products.schemas.js";
import { checkDestination, withdrawalMethods } from "./withdrawal-destinations.js";

/*
 * The wallet (issue 18, beyond the spec; ARCHITECTURE.md §4 "Wallet"): money in through a payment provider's
 * top-ups, money out through withdrawals an admin or a provider payout pays, and the statement of every movement
 * of a user's money read from the ledger. Amounts are roubles: top-ups and withdrawals whole, balances and
 * statement amounts with two decimals.
 */

/** Which provider takes top-ups: ЮKassa, the built-in test checkout, or none (top-ups off). */
export const paymentsProviderSchema = z.enum(["yookassa", "test", "none"]);

/** A top-up follows its provider payment: `pending` until paid or given up, then `succeeded` or `canceled`. */
export const topUpStatusSchema = z.enum(["pending", "succeeded", "canceled"]);

/**
 * Where the payer comes back to after the provider's page: a path of this site (`/wallet`, `/product/{id}`), never
 * another origin, so a top-up link cannot send anyone elsewhere.
 */
export const returnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/([^/\\\s]\S*)?$/, "A path of this site, starting with /");

/**
 * POST /v1/wallet/top-ups `{amount, return_path?}` with an optional Idempotency-Key header: a retry with the same
 * key answers the same top-up and creates no second payment.
 */
export const topUpRequestSchema = z
  .object({
    amount: z
      .number({ error: "Enter a whole number of roubles" })
      .int("Whole roubles only")
      .min(TOP_UP_MIN, `At least ${TOP_UP_MIN} ₽`),
    return_path: returnPathSchema.optional(),
  })
  .meta({ id: "TopUpRequest" });

/** A top-up; `confirmation_url` is where the payer pays while it is `pending`, null after. */
export const topUpSchema = z
  .object({
    id: z.uuid(),
    status: topUpStatusSchema,
    amount: z.number().int().positive(),
    confirmation_url: z.string().nullable(),
    return_path: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "TopUp" });
export const topUpIdPathSchema = z.object({ id: z.uuid() });

/** What the wallet screen needs to know of the marketplace's rules, in roubles. */
export const walletRulesSchema = z
  .object({
    provider: paymentsProviderSchema,
    top_up_min: z.number().int().positive(),
    top_up_max: z.number().int().positive(),
    top_up_daily_max: z.number().int().positive(),
    withdrawal_min: z.number().int().positive(),
    withdrawal_fee_percent: z.number().min(0).max(100),
    withdrawal_methods: z.array(z.enum(withdrawalMethods)),
  })
  .meta({ id: "WalletRules" });

/**
 * GET /v1/wallet: `available` is what the user may spend or withdraw (the User's `balance`), `held` what is theirs
 * but not at hand (withdrawals waiting to be paid), `balance` the two together. `guarantee_held` (issue 22) is
 * a seller's earnings from deals still in their guarantee window: neither `held` nor `balance` includes it, and
 * it cannot be spent or withdrawn until the window ends and it moves to `available`.
 */
export const walletSchema = z
  .object({
    balance: z.number().nonnegative(),
    held: z.number().nonnegative(),
    available: z.number().nonnegative(),
    guarantee_held: z.number().nonnegative(),
    rules: walletRulesSchema,
  })
  .meta({ id: "Wallet" });

/** What moved a user's money, one per ledger transaction that touched their available balance. */
export const statementKindSchema = z.enum([
  "top_up",
  "purchase",
  "sale",
  "commission",
  "refund",
  "withdrawal",
  "withdrawal_returned",
  "adjustment",
  /** Issue 22: a sale's price kept in `guarantee_held` until its window ends. */
  "guarantee_hold",
  /** Issue 22: held earnings moved to `available` when the window ended. */
  "guarantee_release",
]);

/**
 * Which of the user's money an entry moved (issue 22): `available`, or `guarantee` for the earnings held by a
 * guarantee (the sale held, its commission, a refund from it). `balance_after` is that money's balance.
 */
export const statementAccountSchema = z.enum(["available", "guarantee"]);

/** One movement: a signed amount (credit positive), the available balance right after it, and what it belongs to. */
export const statementEntrySchema = z
  .object({
    id: z.uuid(),
    kind: statementKindSchema,
    account: statementAccountSchema,
    amount: z.number(),
    balance_after: z.number().nonnegative(),
    deal_id: z.uuid().nullable(),
    product: z.object({ id: z.uuid(), title: z.string() }).nullable(),
    top_up_id: z.uuid().nullable(),
    withdrawal_id: z.uuid().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "StatementEntry" });

/** GET /v1/wallet/statement?page=&per_page=: newest first. */
export const statementQuerySchema = pageQuerySchema;
export const statementPageSchema = z
  .object({
    entries: z.array(statementEntrySchema),
    total_pages: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: "StatementPage" });

export const withdrawalMethodSchema = z.enum(withdrawalMethods);

/**
 * `pending` waits for an admin (the user may cancel it: `canceled`); `processing` is a provider payout on its way;
 * it ends `paid`, or `rejected` with a reason and the money back on the balance.
 */
export const withdrawalStatusSchema = z.enum(["pending", "processing", "paid", "rejected", "canceled"]);

/**
 * POST /v1/wallet/withdrawals `{amount, method, destination}`: a card number (checked by Luhn), a Russian phone
 * number for SBP, or a ЮMoney wallet number. Spaces and dashes are allowed as written; the destination is stored
 * as digits (a phone as +7…). `bank_id` is the SBP participant to pay to, from GET /v1/wallet/sbp-banks, needed
 * when SBP payouts go through ЮKassa.
 */
export const withdrawalRequestSchema = z
  .object({
    amount: z.number({ error: "Enter a whole number of roubles" }).int("Whole roubles only").positive(),
    method: withdrawalMethodSchema,
    destination: z.string().trim().min(1, "Enter where to send the money").max(WITHDRAWAL_DESTINATION_MAX),
    bank_id: z.string().trim().min(1).max(64).optional(),
  })
  .transform((request, context) => {
    const checked = checkDestination(request.method, request.destination);
    if (checked.ok) return { ...request, destination: checked.destination };
    context.addIssue({ code: "custom", path: ["destination"], message: checked.message });
    return z.NEVER;
  })
  .meta({ id: "WithdrawalRequest" });

/** A withdrawal as its owner sees it: the destination masked (`•••• 4242`), the fee beside the amount. */
export const withdrawalSchema = z
  .object({
    id: z.uuid(),
    amount: z.number().int().positive(),
    fee: z.number().nonnegative(),
    method: withdrawalMethodSchema,
    destination: z.string(),
    status: withdrawalStatusSchema,
    /** The bank's or the provider's reference of the payment, once paid. */
    payout_reference: z.string().nullable(),
    /** Why an admin rejected it, or why the provider's payout failed. */
    reason: z.string().nullable(),
    created_at: z.iso.datetime(),
    decided_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Withdrawal" });
export const withdrawalIdPathSchema = z.object({ id: z.uuid() });
export const withdrawalsQuerySchema = pageQuerySchema;
export const withdrawalPageSchema = z
  .object({
    withdrawals: z.array(withdrawalSchema),
    total_pages: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: "WithdrawalPage" });

/** GET /v1/wallet/sbp-banks: the banks SBP payouts can reach (empty when payouts are not through ЮKassa). */
export const sbpBankSchema = z.object({ bank_id: z.string(), name: z.string() }).meta({ id: "SbpBank" });
export const sbpBankListSchema = z.array(sbpBankSchema).meta({ id: "SbpBankList" });

/** GET /v1/admin/withdrawals?status=&page=&per_page=: oldest waiting first for `pending`, else newest first. */
export const adminWithdrawalsQuerySchema = pageQuerySchema.extend({ status: withdrawalStatusSchema.optional() });
export const adminWithdrawalSchema = withdrawalSchema
  .extend({
    user: z.object({ id: z.uuid(), username: z.string() }),
    /** Whether approving sends a ЮKassa payout; otherwise the admin pays by hand and enters the reference. */
    provider_payout: z.boolean(),
  })
  .meta({ id: "AdminWithdrawal" });
export const adminWithdrawalPageSchema = z
  .object({
    withdrawals: z.array(adminWithdrawalSchema),
    total_pages: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: "AdminWithdrawalPage" });

/**
 * GET /v1/admin/withdrawals/{id}/destination: the full destination, for an admin who pays by hand; every reading is
 * written to the audit log.
 */
export const withdrawalDestinationSchema = z
  .object({ method: withdrawalMethodSchema, destination: z.string(), bank_id: z.string().nullable() })
  .meta({ id: "WithdrawalDestination" });

/** POST /v1/admin/withdrawals/{id}/approve: the reference of a payment made by hand; none for a provider payout. */
export const approveWithdrawalSchema = z
  .object({ payout_reference: plainText().trim().min(1).max(PAYOUT_REFERENCE_MAX).optional() })
  .meta({ id: "ApproveWithdrawal" });

/** POST /v1/admin/withdrawals/{id}/reject: the reason the user reads; the money goes back to their balance. */
export const rejectWithdrawalSchema = z
  .object({ reason: plainText().trim().min(1, "Say why").max(WITHDRAWAL_REASON_MAX) })
  .meta({ id: "RejectWithdrawal" });

/**
 * The built-in test checkout (PAYMENTS_PROVIDER=test): GET /v1/payments/test/{id} for the page at /pay/test/{id},
 * POST /v1/payments/test/{id}/pay and /decline as the payer's two buttons.
 */
export const testPaymentSchema = z
  .object({
    id: z.uuid(),
    status: topUpStatusSchema,
    amount: z.number().int().positive(),
    description: z.string(),
    return_url: z.string(),
  })
  .meta({ id: "TestPayment" });

export type PaymentsProvider = z.infer<typeof paymentsProviderSchema>;
export type TopUpStatus = z.infer<typeof topUpStatusSchema>;
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;
export type TopUp = z.infer<typeof topUpSchema>;
export type WalletRules = z.infer<typeof walletRulesSchema>;
export type Wallet = z.infer<typeof walletSchema>;
export type StatementKind = z.infer<typeof statementKindSchema>;
export type StatementAccount = z.infer<typeof statementAccountSchema>;
export type StatementEntry = z.infer<typeof statementEntrySchema>;
export type StatementPage = z.infer<typeof statementPageSchema>;
export type WithdrawalMethod = z.infer<typeof withdrawalMethodSchema>;
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;
export type WithdrawalRequestInput = z.input<typeof withdrawalRequestSchema>;
export type WithdrawalRequest = z.output<typeof withdrawalRequestSchema>;
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export type WithdrawalPage = z.infer<typeof withdrawalPageSchema>;
export type SbpBank = z.infer<typeof sbpBankSchema>;
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export type AdminWithdrawalPage = z.infer<typeof adminWithdrawalPageSchema>;
export type WithdrawalDestination = z.infer<typeof withdrawalDestinationSchema>;
export type ApproveWithdrawal = z.infer<typeof approveWithdrawalSchema>;
export type RejectWithdrawal = z.infer<typeof rejectWithdrawalSchema>;
export type TestPayment = z.infer<typeof testPaymentSchema>;

/**
 * Socket event to the user's own tabs when their money moved outside a request of theirs: a top-up settled, a
 * withdrawal paid or returned. The web app reloads the wallet and the balance it shows.
 */
export const WALLET_CHANGED_EVENT = "wallet_changed";
export const walletChangedSchema = z.object({
  top_up_id: z.uuid().optional(),
  withdrawal_id: z.uuid().optional(),
});
export type WalletChanged = z.infer<typeof walletChangedSchema>;
