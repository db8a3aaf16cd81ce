import {
  kopecksToRoubles,
  maskDestination,
  roublesToKopecks,
  type ApproveWithdrawal,
  type RejectWithdrawal,
  type SbpBank,
  type WithdrawalRequest,
} from "@lootlane/contract";
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { adminWithdrawalsQuerySchema, withdrawalsQuerySchema } from "@lootlane/contract";
import type { YookassaCredentials } from "../../config.js";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/users.js";
import { withdrawals, type NewWithdrawal, type Withdrawal } from "../../db/schema/wallet.js";
import type { AuthUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { YookassaError } from "../../platform/payments/yookassa-client.js";
import {
  createPayout,
  getPayout,
  listSbpParticipants,
  type Payout,
  type PayoutDestinationData,
} from "../../platform/payments/yookassa-payouts.js";
import type { Clock } from "../../platform/time/clock.js";
import { recordAdminAction } from "../audit/audit.service.js";
import type { WalletAlerts } from "./wallet-changes.alerts.js";
import { postLedgerTransaction, type LedgerEntryInput } from "../ledger/ledger.service.js";
import { notify } from "../notifications/notifications.service.js";

/*
 * Money out (issue 18, ARCHITECTURE.md §4 "Wallet"). A withdrawal moves its amount and fee from the user's balance
 * to their held account at once; an admin then pays it by hand (and enters the reference) or, with ЮKassa's payout
 * gateway configured, approving sends a payout whose outcome settles it. Every decision locks the withdrawal row
 * first (withdrawal → users → accounts), so of any number of decisions racing exactly one finds it open.
 */

export type WithdrawalDeps = {
  db: Db;
  clock: Clock;
  cipher: DataCipher;
  rules: { feePercent: number; minKopecks: number };
  /** ЮKassa's payout gateway; undefined: admins pay by hand. */
  payouts: YookassaCredentials | undefined;
  /** The SBP participants a payout can reach (createSbpBankList). */
  sbpBanks(): Promise<SbpBank[]>;
  /** Told after commit whenever a user's withdrawal changed without a request of theirs. */
  alerts: WalletAlerts;
};

/** How long a payout in `processing` waits before the job asks ЮKassa about it (again). */
export const PAYOUT_RECHECK_MS = 5 * 60_000;

const SBP_BANKS_TTL_MS = 60 * 60_000;

/**
 * The fee on an amount, rounded up to a whole kopeck: the fee exists to cover what a payout costs the platform,
 * so it never falls short of the percent by a fraction of a kopeck (the user pays at most under one kopeck more
 * than the exact percent). The product is rounded to six places first so 1.1 % of 100 ₽ (110.00000000000001 in
 * binary floating point) is 110, not 111.
 */
export function withdrawalFeeKopecks(amountKopecks: number, feePercent: number): number {
  return Math.ceil(Number(((amountKopecks * feePercent) / 100).toFixed(6)));
}

/**
 * POST /wallet/withdrawals: the amount plus the fee leaves the available balance for the held account in one
 * transaction. The user's row is locked first (as a purchase does) so a ban or freeze committed before is seen;
 * the posting refuses a balance that would go below zero under its account locks, so concurrent requests never
 * overdraw, and its refusal rolls the new row back with it.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  user: AuthUser,
  request: WithdrawalRequest,
): Promise<Withdrawal> {
  const amountKopecks = roublesToKopecks(request.amount);
  if (amountKopecks < deps.rules.minKopecks)
    throw validationError([{ field: "amount", message: `At least ${kopecksToRoubles(deps.rules.minKopecks)} ₽` }]);
  const bankId = request.method === "sbp" ? await checkedBankId(deps, request.bank_id) : null;
  const feeKopecks = withdrawalFeeKopecks(amountKopecks, deps.rules.feePercent);
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ isBanned: users.isBanned, hasFrozenBalance: users.hasFrozenBalance })
      .from(users)
      .where(eq(users.id, user.id))
      .for("no key update");
    if (!account) throw new AppError("USER_NOT_FOUND");
    if (account.isBanned) throw new AppError("USER_IS_BANNED");
    if (account.hasFrozenBalance) throw new AppError("BALANCE_IS_FROZEN");
    const at = deps.clock();
    const [withdrawal] = await tx
      .insert(withdrawals)
      .values({
        userId: user.id,
        amountKopecks,
        feeKopecks,
        method: request.method,
        destinationEncrypted: deps.cipher.encrypt(request.destination),
        destinationMasked: maskDestination(request.method, request.destination),
        bankId,
        createdAt: at,
      })
      .returning();
    await postLedgerTransaction(tx, {
      kind: "withdrawal",
      withdrawalId: withdrawal!.id,
      actorId: user.id,
      at,
      entries: [
        { account: { kind: "user_available", userId: user.id }, amountKopecks: -(amountKopecks + feeKopecks) },
        { account: { kind: "user_held", userId: user.id }, amountKopecks: amountKopecks + feeKopecks },
      ],
    });
    return withdrawal!;
  });
}

/** With ЮKassa payouts an SBP payout names the participant, which must be one the gateway knows. */
async function checkedBankId(deps: WithdrawalDeps, bankId: string | undefined): Promise<string | null> {
  if (!deps.payouts) return bankId ?? null;
  const banks = await deps.sbpBanks();
  if (bankId === undefined || !banks.some((bank) => bank.bank_id === bankId))
    throw validationError([{ field: "bank_id", message: "Choose the bank from the list" }]);
  return bankId;
}

/**
 * GET /wallet/sbp-banks: ЮKassa's SBP participants when payouts go through it, else none. The list rarely changes,
 * so one answer serves every withdrawal form for a while instead of a call per form.
 */
export function createSbpBankList(payouts: YookassaCredentials | undefined, clock: Clock): () => Promise<SbpBank[]> {
  let cached: { banks: SbpBank[]; until: number } | undefined;
  return async () => {
    if (!payouts) return [];
    const now = clock().getTime();
    if (cached && cached.until > now) return cached.banks;
    const banks = await asAppError(() => listSbpParticipants(payouts));
    cached = { banks, until: now + SBP_BANKS_TTL_MS };
    return banks;
  };
}

type Page = { page: number; perPage: number; total: number };

/** GET /wallet/withdrawals: the user's own, newest first. */
export async function listOwnWithdrawals(
  db: Db,
  user: AuthUser,
  query: z.output<typeof withdrawalsQuerySchema>,
): Promise<Page & { rows: Withdrawal[] }> {
  const where = eq(withdrawals.userId, user.id);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: counted?.total ?? 0, page: query.page, perPage: query.per_page };
}

/** DELETE /wallet/withdrawals/{id}: the owner takes back one still waiting; the money returns to the balance. */
export async function cancelWithdrawal(deps: WithdrawalDeps, user: AuthUser, id: string): Promise<Withdrawal> {
  return deps.db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawal(tx, id);
    if (!withdrawal || withdrawal.userId !== user.id) throw new AppError("WITHDRAWAL_NOT_FOUND");
    if (withdrawal.status !== "pending") throw new AppError("WITHDRAWAL_NOT_PENDING");
    return returnToBalance(tx, withdrawal, { status: "canceled", reason: null, actorId: user.id, at: deps.clock() });
  });
}

export type AdminWithdrawalRow = { withdrawal: Withdrawal; username: string };

/** GET /admin/withdrawals: those waiting oldest first (the queue), any other view newest first. */
export async function listAdminWithdrawals(
  db: Db,
  query: z.output<typeof adminWithdrawalsQuerySchema>,
): Promise<Page & { rows: AdminWithdrawalRow[] }> {
  const where = query.status === undefined ? undefined : eq(withdrawals.status, query.status);
  const order =
    query.status === "pending"
      ? [asc(withdrawals.createdAt), asc(withdrawals.id)]
      : [desc(withdrawals.createdAt), desc(withdrawals.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ withdrawal: withdrawals, username: users.username })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: counted?.total ?? 0, page: query.page, perPage: query.per_page };
}

export async function loadAdminWithdrawal(db: Db, id: string): Promise<AdminWithdrawalRow> {
  const [row] = await db
    .select({ withdrawal: withdrawals, username: users.username })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  if (!row) throw new AppError("WITHDRAWAL_NOT_FOUND");
  return row;
}

/**
 * GET /admin/withdrawals/{id}/destination: the full destination for an admin paying by hand. The reading is
 * written to the audit log in the same transaction, so no destination is ever shown without its row.
 */
export async function revealDestination(
  deps: Pick<WithdrawalDeps, "db" | "cipher">,
  admin: AuthUser,
  id: string,
): Promise<{ method: Withdrawal["method"]; destination: string; bankId: string | null }> {
  return deps.db.transaction(async (tx) => {
    const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!withdrawal) throw new AppError("WITHDRAWAL_NOT_FOUND");
    await recordAdminAction(tx, admin, {
      action: "withdrawal.reveal_destination",
      targetType: "withdrawal",
      targetId: id,
      before: null,
      after: { method: withdrawal.method, destination: withdrawal.destinationMasked },
    });
    return {
      method: withdrawal.method,
      destination: deps.cipher.decrypt(withdrawal.destinationEncrypted),
      bankId: withdrawal.bankId,
    };
  });
}

/** POST /admin/withdrawals/{id}/reject: the reason goes to the user, the money back to their balance. */
export async function rejectWithdrawal(
  deps: WithdrawalDeps,
  admin: AuthUser,
  id: string,
  input: RejectWithdrawal,
): Promise<Withdrawal> {
  const rejected = await deps.db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawal(tx, id);
    if (!withdrawal) throw new AppError("WITHDRAWAL_NOT_FOUND");
    if (withdrawal.status !== "pending") throw new AppError("WITHDRAWAL_NOT_PENDING");
    const after = await returnToBalance(tx, withdrawal, {
      status: "rejected",
      reason: input.reason,
      actorId: admin.id,
      at: deps.clock(),
    });
    await recordDecision(tx, admin, withdrawal, after);
    return after;
  });
  deps.alerts.walletChanged(rejected.userId, { withdrawal_id: rejected.id });
  return rejected;
}

/**
 * POST /admin/withdrawals/{id}/approve. Without a payout gateway the admin has paid by hand and gives the
 * payment's reference; the withdrawal is paid at once. With one, see approveWithPayout.
 */
export async function approveWithdrawal(
  deps: WithdrawalDeps,
  admin: AuthUser,
  id: string,
  input: ApproveWithdrawal,
): Promise<Withdrawal> {
  if (deps.payouts) {
    if (input.payout_reference !== undefined)
      throw validationError([{ field: "payout_reference", message: "ЮKassa's payout is the reference here" }]);
    return approveWithPayout(deps, admin, id);
  }
  if (input.payout_reference === undefined)
    throw validationError([{ field: "payout_reference", message: "Enter the reference of the payment you made" }]);
  const reference = input.payout_reference;
  const paid = await deps.db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawal(tx, id);
    if (!withdrawal) throw new AppError("WITHDRAWAL_NOT_FOUND");
    if (withdrawal.status !== "pending") throw new AppError("WITHDRAWAL_NOT_PENDING");
    const after = await payOut(tx, withdrawal, { via: "external", reference, actorId: admin.id, at: deps.clock() });
    await recordDecision(tx, admin, withdrawal, after);
    return after;
  });
  deps.alerts.walletChanged(paid.userId, { withdrawal_id: paid.id });
  return paid;
}

/**
 * Approving through ЮKassa. The withdrawal is claimed first (`pending` → `processing`, the admin's decision and its
 * audit row committed), so no cancel or reject can return money a payout is already carrying; then the payout is
 * sent outside any transaction, with the withdrawal's id as its Idempotence-Key, so however often it is sent
 * (a second click, the re-check job after a lost answer) ЮKassa makes one payout. Its answer settles the
 * withdrawal when final. A refusal of the request itself (nothing made) puts the withdrawal back to `pending`;
 * no answer leaves it `processing` for the job to send again.
 */
async function approveWithPayout(deps: WithdrawalDeps, admin: AuthUser, id: string): Promise<Withdrawal> {
  const claimed = await deps.db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawal(tx, id);
    if (!withdrawal) throw new AppError("WITHDRAWAL_NOT_FOUND");
    // Sent but never answered: approving again repeats the same request, which the key keeps to one payout.
    if (withdrawal.status === "processing" && withdrawal.providerPayoutId === null) return withdrawal;
    if (withdrawal.status !== "pending") throw new AppError("WITHDRAWAL_NOT_PENDING");
    const at = deps.clock();
    const [after] = await tx
      .update(withdrawals)
      .set({
        status: "processing",
        decidedBy: admin.id,
        decidedAt: at,
        nextCheckAt: new Date(at.getTime() + PAYOUT_RECHECK_MS),
      })
      .where(eq(withdrawals.id, id))
      .returning();
    await recordDecision(tx, admin, withdrawal, after!);
    return after!;
  });
  let payout: Payout;
  try {
    payout = await sendPayout(deps, claimed);
  } catch (error) {
    if (isRefusal(error)) await unclaim(deps, claimed.id);
    throw toAppError(error);
  }
  const settled = await applyPayout(deps, claimed.id, payout);
  return settled ?? (await loadAdminWithdrawal(deps.db, id)).withdrawal;
}

function sendPayout(deps: WithdrawalDeps, withdrawal: Withdrawal): Promise<Payout> {
  return createPayout(
    deps.payouts!,
    {
      amountKopecks: withdrawal.amountKopecks,
      destination: payoutDestination(withdrawal, deps.cipher.decrypt(withdrawal.destinationEncrypted)),
      description: `Lootlane withdrawal ${withdrawal.id}`,
      metadata: { withdrawal_id: withdrawal.id },
    },
    withdrawal.id,
  );
}

function payoutDestination(withdrawal: Withdrawal, destination: string): PayoutDestinationData {
  switch (withdrawal.method) {
    case "card":
      return { type: "bank_card", card: { number: destination } };
    case "sbp":
      // The API takes the phone in international format without the plus.
      return { type: "sbp", phone: destination.replace(/^\+/, ""), bank_id: withdrawal.bankId ?? "" };
    case "yoomoney":
      return { type: "yoo_money", account_number: destination };
  }
}

/** ЮKassa refused the request outright, so no payout exists: the withdrawal waits for a decision again. */
async function unclaim(deps: WithdrawalDeps, id: string): Promise<void> {
  await deps.db
    .update(withdrawals)
    .set({ status: "pending", decidedBy: null, decidedAt: null, nextCheckAt: null })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "processing"), isNull(withdrawals.providerPayoutId)));
}

/**
 * Applies what ЮKassa said of the payout to its withdrawal, under the withdrawal's lock: records the payout id,
 * and settles a `succeeded` payout as paid (to provider clearing) or a `canceled` one back to the balance. A payout
 * that does not carry this withdrawal's id and amount, or a withdrawal no longer `processing`, changes nothing, so
 * a notification, the job and the approving admin may all apply the same payout: the first settles it. Answers
 * the withdrawal when this call changed it.
 */
async function applyPayout(deps: WithdrawalDeps, id: string, payout: Payout): Promise<Withdrawal | undefined> {
  const changed = await deps.db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawal(tx, id);
    if (!withdrawal || withdrawal.status !== "processing") return undefined;
    const matches =
      payout.metadata.withdrawal_id === withdrawal.id &&
      payout.amountKopecks === withdrawal.amountKopecks &&
      payout.currency === "RUB" &&
      (withdrawal.providerPayoutId === null || withdrawal.providerPayoutId === payout.id);
    if (!matches) return undefined;
    const at = deps.clock();
    if (payout.status === "succeeded")
      return payOut(tx, withdrawal, {
        via: "provider_clearing",
        reference: payout.id,
        actorId: null,
        at,
        payoutId: payout.id,
      });
    if (payout.status === "canceled") {
      const reason = `The payout failed: ${payout.cancellation?.reason ?? "canceled"}`;
      return returnToBalance(tx, withdrawal, { status: "rejected", reason, actorId: null, at, payoutId: payout.id });
    }
    if (withdrawal.providerPayoutId === null)
      await tx.update(withdrawals).set({ providerPayoutId: payout.id }).where(eq(withdrawals.id, id));
    return undefined;
  });
  if (changed) deps.alerts.walletChanged(changed.userId, { withdrawal_id: changed.id });
  return changed;
}

/**
 * A ЮKassa `payout.succeeded` / `payout.canceled` notification, given the payout's id. The body is never trusted:
 * the payout is read back from the API and applied to the withdrawal its metadata names. Unknown payouts are
 * ignored.
 */
export async function settlePayoutNotification(deps: WithdrawalDeps, payoutId: string): Promise<void> {
  if (!deps.payouts) return;
  const payout = await getPayout(deps.payouts, payoutId).catch((error: unknown) => {
    throw toAppError(error);
  });
  const withdrawalId = payout.metadata.withdrawal_id;
  if (withdrawalId === undefined || !/^[0-9a-f-]{36}$/i.test(withdrawalId)) return;
  await applyPayout(deps, withdrawalId, payout);
}

/** Withdrawals read per query by the re-check job. */
const RECHECK_BATCH = 50;

/**
 * The re-check job: each payout still `processing` whose time has come is claimed with SKIP LOCKED in a short
 * transaction that moves its next check on (so other instances pass it by), then asked about outside any
 * transaction — read back by id, or sent again with the same Idempotence-Key when its creation was never
 * answered — and applied. A lost notification or a lost answer so never leaves money held. Answers how many
 * withdrawals it settled.
 */
export async function recheckPayouts(deps: WithdrawalDeps): Promise<number> {
  if (!deps.payouts) return 0;
  const now = deps.clock();
  const due = await deps.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, "processing"), sql`${withdrawals.nextCheckAt} <= ${now}`))
    .orderBy(asc(withdrawals.nextCheckAt))
    .limit(RECHECK_BATCH);
  let settled = 0;
  for (const { id } of due) {
    const claimed = await deps.db.transaction(async (tx) => {
      const [withdrawal] = await tx
        .select()
        .from(withdrawals)
        .where(
          and(eq(withdrawals.id, id), eq(withdrawals.status, "processing"), sql`${withdrawals.nextCheckAt} <= ${now}`),
        )
        .for("update", { skipLocked: true });
      if (!withdrawal) return undefined;
      await tx
        .update(withdrawals)
        .set({ nextCheckAt: new Date(now.getTime() + PAYOUT_RECHECK_MS) })
        .where(eq(withdrawals.id, id));
      return withdrawal;
    });
    if (!claimed) continue;
    let payout: Payout;
    try {
      payout =
        claimed.providerPayoutId === null
          ? await sendPayout(deps, claimed)
          : await getPayout(deps.payouts, claimed.providerPayoutId);
    } catch (error) {
      if (!(error instanceof YookassaError)) throw error;
      if (isRefusal(error) && claimed.providerPayoutId === null) await unclaim(deps, claimed.id);
      continue;
    }
    if (await applyPayout(deps, claimed.id, payout)) settled += 1;
  }
  return settled;
}

async function lockWithdrawal(tx: Db, id: string): Promise<Withdrawal | undefined> {
  const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
  return withdrawal;
}

/** Paid: the held money leaves, the amount to whoever paid it out, the fee to the platform. The user is told. */
async function payOut(
  tx: Db,
  withdrawal: Withdrawal,
  how: {
    via: "external" | "provider_clearing";
    reference: string;
    actorId: string | null;
    at: Date;
    payoutId?: string;
  },
): Promise<Withdrawal> {
  await notify(tx, () => how.at, withdrawal.userId, {
    event: "withdrawal_paid",
    params: { withdrawal_id: withdrawal.id, amount: kopecksToRoubles(withdrawal.amountKopecks) },
  });
  return settle(tx, withdrawal, {
    changes: {
      status: "paid",
      payoutReference: how.reference,
      ...(how.payoutId ? { providerPayoutId: how.payoutId } : {}),
      ...(how.actorId ? { decidedBy: how.actorId } : {}),
    },
    kind: "withdrawal_paid",
    actorId: how.actorId,
    at: how.at,
    entries: [
      { account: { kind: "user_held", userId: withdrawal.userId }, amountKopecks: -heldKopecks(withdrawal) },
      { account: { kind: how.via }, amountKopecks: withdrawal.amountKopecks },
      { account: { kind: "platform_fees" }, amountKopecks: withdrawal.feeKopecks },
    ],
  });
}

/**
 * Rejected, canceled or its payout failed: the held money goes back to the balance. A rejection (an admin's, or a
 * failed payout's) is told to the user with its reason; a cancel is their own doing.
 */
async function returnToBalance(
  tx: Db,
  withdrawal: Withdrawal,
  how: { status: "rejected" | "canceled"; reason: string | null; actorId: string | null; at: Date; payoutId?: string },
): Promise<Withdrawal> {
  if (how.status === "rejected")
    await notify(tx, () => how.at, withdrawal.userId, {
      event: "withdrawal_rejected",
      params: {
        withdrawal_id: withdrawal.id,
        amount: kopecksToRoubles(withdrawal.amountKopecks),
        reason: how.reason ?? "",
      },
    });
  return settle(tx, withdrawal, {
    changes: {
      status: how.status,
      reason: how.reason,
      ...(how.payoutId ? { providerPayoutId: how.payoutId } : {}),
      ...(how.actorId && how.status === "rejected" ? { decidedBy: how.actorId } : {}),
    },
    kind: "withdrawal_returned",
    actorId: how.actorId,
    at: how.at,
    entries: [
      { account: { kind: "user_held", userId: withdrawal.userId }, amountKopecks: -heldKopecks(withdrawal) },
      { account: { kind: "user_available", userId: withdrawal.userId }, amountKopecks: heldKopecks(withdrawal) },
    ],
  });
}

/**
 * Closes a withdrawal and moves its held money in the same transaction. The ledger's unique (withdrawal, kind)
 * index would refuse a second posting of the same kind, should a caller ever skip the status check under the lock.
 */
async function settle(
  tx: Db,
  withdrawal: Withdrawal,
  settlement: {
    changes: Partial<NewWithdrawal>;
    kind: "withdrawal_paid" | "withdrawal_returned";
    actorId: string | null;
    at: Date;
    entries: LedgerEntryInput[];
  },
): Promise<Withdrawal> {
  const [after] = await tx
    .update(withdrawals)
    .set({ ...settlement.changes, decidedAt: withdrawal.decidedAt ?? settlement.at, nextCheckAt: null })
    .where(eq(withdrawals.id, withdrawal.id))
    .returning();
  await postLedgerTransaction(tx, {
    kind: settlement.kind,
    withdrawalId: withdrawal.id,
    actorId: settlement.actorId,
    at: settlement.at,
    entries: settlement.entries,
  });
  return after!;
}

const heldKopecks = (withdrawal: Withdrawal) => withdrawal.amountKopecks + withdrawal.feeKopecks;

async function recordDecision(tx: Db, admin: AuthUser, before: Withdrawal, after: Withdrawal): Promise<void> {
  await recordAdminAction(tx, admin, {
    action: after.status === "rejected" ? "withdrawal.reject" : "withdrawal.approve",
    targetType: "withdrawal",
    targetId: before.id,
    before: { status: before.status },
    after: { status: after.status, payout_reference: after.payoutReference, reason: after.reason },
  });
}

/** ЮKassa answered the request with an error of its own: nothing was made, and repeating it will not help. */
const isRefusal = (error: unknown) => error instanceof YookassaError && error.kind === "refused";

function toAppError(error: unknown): unknown {
  return error instanceof YookassaError ? new AppError("PAYMENT_PROVIDER_UNAVAILABLE", {}, { cause: error }) : error;
}

async function asAppError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error);
  }
}
