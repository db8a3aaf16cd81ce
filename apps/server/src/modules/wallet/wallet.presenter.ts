import {
  kopecksToRoubles,
  type StatementEntry,
  type StatementKind,
  type StatementPage,
  type Wallet,
} from "@lootlane/contract";
import type { LedgerTransactionKind } from "../../db/schema/ledger.js";
import type { StatementRow } from "../ledger/ledger.service.js";
import type { StatementView, WalletView } from "./wallet.service.js";

/*
 * The wallet's answers. Money is kopecks in the ledger, roubles in the API.
 */

export function presentWallet({ availableKopecks, heldKopecks, guaranteeKopecks, rules }: WalletView): Wallet {
  return {
    balance: kopecksToRoubles(BigInt(availableKopecks) + BigInt(heldKopecks)),
    held: kopecksToRoubles(heldKopecks),
    available: kopecksToRoubles(availableKopecks),
    guarantee_held: kopecksToRoubles(guaranteeKopecks),
    rules: {
      provider: rules.provider,
      top_up_min: kopecksToRoubles(rules.topUpMinKopecks),
      top_up_max: kopecksToRoubles(rules.topUpMaxKopecks),
      top_up_daily_max: kopecksToRoubles(rules.topUpDailyMaxKopecks),
      withdrawal_min: kopecksToRoubles(rules.withdrawalMinKopecks),
      withdrawal_fee_percent: rules.withdrawalFeePercent,
      withdrawal_methods: [...rules.withdrawalMethods],
    },
  };
}

/**
 * What a ledger transaction is to the user whose available account it moved. A deal's release credits its seller
 * the price and takes the commission back in a second entry (deals.lifecycle.ts): the seller reads a `sale` and a
 * `commission`. A paid withdrawal leaves the held account only, so it never reaches an available account's
 * statement; it would read as the withdrawal it ends. Under a guarantee (issue 22) the sale credits the guarantee
 * account, read as `guarantee_hold`, and its release shows twice: out of the guarantee, into the available money.
 */
const statementKinds: Record<LedgerTransactionKind, StatementKind> = {
  purchase: "purchase",
  release: "sale",
  refund: "refund",
  commission: "commission",
  admin_adjustment: "adjustment",
  top_up: "top_up",
  withdrawal: "withdrawal",
  withdrawal_paid: "withdrawal",
  withdrawal_returned: "withdrawal_returned",
  guarantee_release: "guarantee_release",
};

function statementKind(row: StatementRow): StatementKind {
  if (row.transactionKind !== "release") return statementKinds[row.transactionKind];
  if (row.amountKopecks < 0) return "commission";
  return row.account === "user_guarantee" ? "guarantee_hold" : "sale";
}

export function presentStatementEntry(row: StatementRow): StatementEntry {
  return {
    id: row.entryId,
    kind: statementKind(row),
    account: row.account === "user_guarantee" ? "guarantee" : "available",
    amount: kopecksToRoubles(row.amountKopecks),
    balance_after: kopecksToRoubles(row.balanceAfterKopecks),
    deal_id: row.dealId,
    product: row.product,
    top_up_id: row.topUpId,
    withdrawal_id: row.withdrawalId,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentStatementPage({ rows, total, page, perPage }: StatementView): StatementPage {
  return { entries: rows.map(presentStatementEntry), total_pages: Math.ceil(total / perPage), page, total };
}
