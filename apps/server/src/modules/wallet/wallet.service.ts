import { roublesToKopecks, TOP_UP_MIN, withdrawalMethods, type statementQuerySchema } from "@lootlane/contract";
import type { z } from "zod";
import type { PaymentsConfig } from "../../config.js";
import type { Db } from "../../db/client.js";
import {
  userMoney,
  userStatement,
  type StatementRow,
  type UserMoney,
  type UserMoneyCache,
} from "../ledger/ledger.service.js";
import { hasPendingTopUp } from "./wallet-top-ups.service.js";

/*
 * The wallet as its owner reads it (ARCHITECTURE.md §4 "Wallet"): the balances and the statement, both from the
 * ledger, and the marketplace's rules of paying in and out. Top-ups and withdrawals have their own
 * wallet-*.service.ts files.
 */

export type WalletDeps = { db: Db; payments: PaymentsConfig };

/** What the wallet's own routes read with: the balances kept in memory until a posting moves them. */
export type WalletReadDeps = WalletDeps & { money: UserMoneyCache };

/** The rules in kopecks as configured; the presenter turns them into the roubles the wallet screen shows. */
export type WalletRules = {
  provider: PaymentsConfig["provider"];
  topUpMinKopecks: number;
  topUpMaxKopecks: number;
  topUpDailyMaxKopecks: number;
  withdrawalMinKopecks: number;
  withdrawalFeePercent: number;
  withdrawalMethods: ReadonlyArray<(typeof withdrawalMethods)[number]>;
};

export type WalletView = UserMoney & { rules: WalletRules };

export type StatementView = { rows: StatementRow[]; total: number; page: number; perPage: number };

/** GET /wallet: the user's available and held money and the rules of paying in and out. */
export async function walletOf(deps: WalletReadDeps, userId: string): Promise<WalletView> {
  const { payments } = deps;
  return {
    ...(await deps.money.get(userId)),
    rules: {
      provider: payments.provider,
      topUpMinKopecks: roublesToKopecks(TOP_UP_MIN),
      topUpMaxKopecks: payments.topUpMaxKopecks,
      topUpDailyMaxKopecks: payments.topUpDailyMaxKopecks,
      withdrawalMinKopecks: payments.payoutMinKopecks,
      withdrawalFeePercent: payments.payoutFeePercent,
      withdrawalMethods,
    },
  };
}

/** GET /wallet/statement: one page of the movements of the user's available money, newest first. */
export async function statementOf(
  db: Db,
  userId: string,
  query: z.output<typeof statementQuerySchema>,
): Promise<StatementView> {
  const { rows, total } = await userStatement(db, userId, { page: query.page, perPage: query.per_page });
  return { rows, total, page: query.page, perPage: query.per_page };
}

/** Money on any of the user's accounts (available, held for a withdrawal, held by a guarantee) or on its way in. */
export async function holdsMoney(db: Db, userId: string): Promise<boolean> {
  const money = await userMoney(db, userId);
  if (money.availableKopecks !== 0 || money.heldKopecks !== 0 || money.guaranteeKopecks !== 0) return true;
  return hasPendingTopUp(db, userId);
}
