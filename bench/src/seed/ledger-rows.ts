import { randomUUID } from "node:crypto";
import type { LedgerAccountKind } from "@lootlane/server/db/schema/ledger";
import type { AccountRef, Posting } from "@lootlane/server/modules/ledger/ledger.service";

/** The ledger's rows as column arrays, the shape `insert … select from unnest(…)` takes. */
export type LedgerColumns = {
  accounts: {
    ids: string[];
    kinds: LedgerAccountKind[];
    userIds: (string | null)[];
    dealIds: (string | null)[];
    balances: number[];
  };
  transactions: {
    ids: string[];
    kinds: Posting["kind"][];
    dealIds: (string | null)[];
    actorIds: (string | null)[];
    memos: string[];
    createdAts: string[];
  };
  /** In posting order, which the insert keeps as ledger_entries.seq, the order balanceAfters run in. */
  entries: {
    transactionIds: string[];
    accountIds: string[];
    amounts: number[];
    balanceAfters: number[];
    createdAts: string[];
  };
};

/**
 * The generator's postings, kept the way postLedgerTransaction (apps/server/src/modules/ledger/ledger.service.ts) keeps
 * them, but in memory so they can go in by the thousand: each transaction's entries sum to zero, zero amounts
 * are left out, an account opens at zero on first use, no account but `external` goes below zero, and every
 * balance, and each entry's balance-after, is the running sum of its account's entries. Postings must come in
 * time order for the check against going below zero to hold.
 */
export class LedgerRows {
  readonly columns: LedgerColumns = {
    accounts: { ids: [], kinds: [], userIds: [], dealIds: [], balances: [] },
    transactions: { ids: [], kinds: [], dealIds: [], actorIds: [], memos: [], createdAts: [] },
    entries: { transactionIds: [], accountIds: [], amounts: [], balanceAfters: [], createdAts: [] },
  };
  /** Account index in the columns by owner (user or deal ids never repeat), or by kind for the two singletons. */
  readonly #accounts = new Map<string, number>();

  /** Opens the account (at zero) unless it is open already, as sign-up does for a user's. */
  open(ref: AccountRef): number {
    const userId = ref.kind === "user_available" ? ref.userId : null;
    const dealId = ref.kind === "deal_escrow" ? ref.dealId : null;
    const key = userId ?? dealId ?? ref.kind;
    const known = this.#accounts.get(key);
    if (known !== undefined) return known;
    const { accounts } = this.columns;
    const index = accounts.ids.push(randomUUID()) - 1;
    accounts.kinds.push(ref.kind);
    accounts.userIds.push(userId);
    accounts.dealIds.push(dealId);
    accounts.balances.push(0);
    this.#accounts.set(key, index);
    return index;
  }

  balanceOf(ref: AccountRef): number {
    return this.columns.accounts.balances[this.open(ref)]!;
  }

  post(posting: Posting): void {
    const entries = posting.entries.filter((entry) => entry.amountKopecks !== 0);
    const sum = entries.reduce((total, entry) => total + entry.amountKopecks, 0);
    if (entries.length === 0 || sum !== 0)
      throw new Error(`A ${posting.kind} posting must have entries that sum to zero, not ${sum}`);
    const { accounts, transactions, entries: entryColumns } = this.columns;
    const transactionId = randomUUID();
    const at = posting.at.toISOString();
    transactions.ids.push(transactionId);
    transactions.kinds.push(posting.kind);
    transactions.dealIds.push(posting.dealId ?? null);
    transactions.actorIds.push(posting.actorId);
    transactions.memos.push(posting.memo ?? "");
    transactions.createdAts.push(at);
    for (const entry of entries) {
      const index = this.open(entry.account);
      accounts.balances[index]! += entry.amountKopecks;
      if (accounts.balances[index]! < 0 && entry.account.kind !== "external")
        throw new Error(`A ${posting.kind} posting takes a ${entry.account.kind} account below zero`);
      entryColumns.transactionIds.push(transactionId);
      entryColumns.accountIds.push(accounts.ids[index]!);
      entryColumns.amounts.push(entry.amountKopecks);
      entryColumns.balanceAfters.push(accounts.balances[index]!);
      entryColumns.createdAts.push(at);
    }
  }
}
