import type {
  StatementEntry,
  StatementPage,
  Wallet,
  WalletRules,
  Withdrawal,
  WithdrawalPage,
} from "@lootlane/contract";

export const rules: WalletRules = {
  provider: "test",
  top_up_min: 10,
  top_up_max: 100_000,
  top_up_daily_max: 300_000,
  withdrawal_min: 100,
  withdrawal_fee_percent: 1.5,
  withdrawal_methods: ["card", "sbp", "yoomoney"],
};

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return { balance: 2500.5, held: 1015, available: 1485.5, guarantee_held: 0, rules, ...overrides };
}

export const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${n.toString().padStart(12, "0")}`;

export function makeEntry(n: number, overrides: Partial<StatementEntry> = {}): StatementEntry {
  return {
    id: id("77777777", n),
    kind: "top_up",
    account: "available",
    amount: 500,
    balance_after: 1000 + n,
    deal_id: null,
    product: null,
    top_up_id: id("88888888", n),
    withdrawal_id: null,
    created_at: "2025-11-20T10:00:00.000Z",
    ...overrides,
  };
}

export function statementPage(entries: StatementEntry[], page = 1, totalPages = 1): StatementPage {
  return { entries, page, total_pages: totalPages, total: entries.length * totalPages };
}

export function makeWithdrawal(n: number, overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: id("99999999", n),
    amount: 1000,
    fee: 15,
    method: "card",
    destination: "•••• 4242",
    status: "pending",
    payout_reference: null,
    reason: null,
    created_at: "2025-11-21T10:00:00.000Z",
    decided_at: null,
    ...overrides,
  };
}

export function withdrawalPage(withdrawals: Withdrawal[]): WithdrawalPage {
  return { withdrawals, page: 1, total_pages: 1, total: withdrawals.length };
}
