import type { Withdrawal } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { PaymentsConfig } from "../config.js";
import type { Db } from "../db/client.js";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../db/schema/ledger.js";
import type { TestClient } from "./test-client.js";

/** The payments configuration of a test app: the defaults, with a test's own rules over them. */
export function testPayments(overrides: Partial<PaymentsConfig> = {}): PaymentsConfig {
  return {
    provider: "test",
    yookassa: undefined,
    notifyIps: undefined,
    payouts: undefined,
    topUpMaxKopecks: 100_000_00,
    topUpDailyMaxKopecks: 300_000_00,
    payoutFeePercent: 0,
    payoutMinKopecks: 100_00,
    ...overrides,
  };
}

/** A card number that passes Luhn, as a user would type it. */
export const TEST_CARD = "4242 4242 4242 4242";

/** POST /v1/wallet/withdrawals as the client; by default to TEST_CARD. */
export function withdrawAs(
  client: TestClient,
  amount: number,
  destination: { method?: string; destination?: string; bank_id?: string } = {},
): Promise<LightMyRequestResponse> {
  return client.post("/v1/wallet/withdrawals", { amount, method: "card", destination: TEST_CARD, ...destination });
}

/** A withdrawal the client asked for, which must have been accepted. */
export async function withdrawn(client: TestClient, amount: number, destination = {}): Promise<Withdrawal> {
  const response = await withdrawAs(client, amount, destination);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Withdrawal;
}

/** The ledger postings of a withdrawal: each transaction's kind with its entries as [account kind, kopecks]. */
export async function withdrawalPostings(
  db: Db,
  withdrawalId: string,
): Promise<Record<string, Array<[string, number]>>> {
  const rows = await db
    .select({ kind: ledgerTransactions.kind, account: ledgerAccounts.kind, kopecks: ledgerEntries.amountKopecks })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerTransactions.withdrawalId, withdrawalId))
    .orderBy(ledgerEntries.seq);
  const postings: Record<string, Array<[string, number]>> = {};
  for (const row of rows) (postings[row.kind] ??= []).push([row.account, row.kopecks]);
  return postings;
}
