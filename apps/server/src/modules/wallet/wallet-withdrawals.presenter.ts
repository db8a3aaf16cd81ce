import {
  kopecksToRoubles,
  type AdminWithdrawal,
  type AdminWithdrawalPage,
  type Withdrawal,
  type WithdrawalPage,
} from "@lootlane/contract";
import type { Withdrawal as WithdrawalRow } from "../../db/schema/wallet.js";
import type { AdminWithdrawalRow } from "./wallet-withdrawals.service.js";

/* Withdrawal rows become contract objects here, always with the masked destination: only the audited admin call
 * (GET /admin/withdrawals/{id}/destination) ever answers the full one. */

export function presentWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amount: kopecksToRoubles(row.amountKopecks),
    fee: kopecksToRoubles(row.feeKopecks),
    method: row.method,
    destination: row.destinationMasked,
    status: row.status,
    payout_reference: row.payoutReference,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export function presentWithdrawalPage(page: {
  rows: WithdrawalRow[];
  total: number;
  page: number;
  perPage: number;
}): WithdrawalPage {
  return {
    withdrawals: page.rows.map(presentWithdrawal),
    total_pages: Math.ceil(page.total / page.perPage),
    page: page.page,
    total: page.total,
  };
}

export function presentAdminWithdrawal(row: AdminWithdrawalRow, providerPayout: boolean): AdminWithdrawal {
  return {
    ...presentWithdrawal(row.withdrawal),
    user: { id: row.withdrawal.userId, username: row.username },
    provider_payout: providerPayout,
  };
}

export function presentAdminWithdrawalPage(
  page: { rows: AdminWithdrawalRow[]; total: number; page: number; perPage: number },
  providerPayout: boolean,
): AdminWithdrawalPage {
  return {
    withdrawals: page.rows.map((row) => presentAdminWithdrawal(row, providerPayout)),
    total_pages: Math.ceil(page.total / page.perPage),
    page: page.page,
    total: page.total,
  };
}
