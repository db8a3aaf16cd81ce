import { randomUUID } from "node:crypto";
import type { YookassaCredentials } from "../config.js";
import { errorAnswer, FakeYookassa, type FakeAnswer } from "./fake-yookassa.js";

/*
 * ЮKassa's payouts on the fake ЮKassa server, as its docs publish them (https://yookassa.ru/developers/api#payout_object,
 * https://yookassa.ru/developers/payouts/making-payouts/sbp): POST /payouts (the payout gateway's Basic auth, the
 * server's Idempotence-Key handling: a repeat answers the same payout), GET /payouts/{id}, GET /sbp_banks. A test
 * decides how new payouts end (`outcome`), settles pending ones later (`settle`), takes the API down
 * (`server.mode`), or has it make a payout and answer 500 (`failAfterCreate`: ЮKassa's "outcome unknown").
 */

export type FakePayout = {
  id: string;
  status: "pending" | "succeeded" | "canceled";
  amount: { value: string; currency: string };
  payout_destination: Record<string, unknown>;
  description?: string;
  metadata: Record<string, string>;
  created_at: string;
  cancellation_details?: { party: string; reason: string };
  test: boolean;
};

export type FakeYookassaPayouts = {
  server: FakeYookassa;
  /** The payout gateway's credentials (YOOKASSA_PAYOUT_AGENT_ID / _SECRET), pointed at the server. */
  gateway: YookassaCredentials;
  /** Every payout made, by id. */
  payouts: Map<string, FakePayout>;
  /** How a new payout answers: `pending`, at once `succeeded`, or `canceled` for this reason. */
  outcome: { status: FakePayout["status"]; reason?: string };
  /** While set, POST /payouts makes the payout and answers 500, as when ЮKassa cannot tell the outcome. */
  failAfterCreate: boolean;
  banks: Array<{ bank_id: string; name: string; bic: string }>;
  /** The POST /payouts calls received with this Idempotence-Key, repeats included. */
  createCalls(idempotenceKey: string): number;
  settle(payoutId: string, status: "succeeded" | "canceled", reason?: string): void;
  close(): Promise<void>;
};

type CreatePayoutBody = {
  amount?: { value?: unknown; currency?: unknown };
  payout_destination_data?: { type?: unknown };
  description?: unknown;
  metadata?: unknown;
};

export async function startFakeYookassaPayouts(): Promise<FakeYookassaPayouts> {
  const server = await FakeYookassa.start();
  const fake: FakeYookassaPayouts = {
    server,
    gateway: server.account("505050"),
    payouts: new Map(),
    outcome: { status: "succeeded" },
    failAfterCreate: false,
    banks: [
      { bank_id: "100000000111", name: "Сбербанк", bic: "044525225" },
      { bank_id: "100000000004", name: "Т-Банк", bic: "044525974" },
    ],
    createCalls: (key) =>
      server.requests.filter((request) => request.path === "/payouts" && request.idempotenceKey === key).length,
    settle(payoutId, status, reason) {
      const payout = fake.payouts.get(payoutId)!;
      payout.status = status;
      if (status === "canceled")
        payout.cancellation_details = { party: "payout_network", reason: reason ?? "general_decline" };
    },
    close: () => server.close(),
  };

  const create = (body: CreatePayoutBody): FakeAnswer => {
    if (typeof body.amount?.value !== "string" || !/^\d+\.\d{2}$/.test(body.amount.value))
      return errorAnswer(400, "invalid_request", "Amount value is invalid", "amount.value");
    if (body.amount.currency !== "RUB")
      return errorAnswer(400, "invalid_request", "Currency is not supported", "amount.currency");
    const destination = body.payout_destination_data;
    if (!destination || !["bank_card", "sbp", "yoo_money"].includes(String(destination.type)))
      return errorAnswer(400, "invalid_request", "Payout destination is invalid", "payout_destination_data");
    const { status, reason } = fake.outcome;
    const payout: FakePayout = {
      id: `po-${randomUUID()}`,
      status,
      amount: { value: body.amount.value, currency: "RUB" },
      payout_destination: destination as Record<string, unknown>,
      ...(typeof body.description === "string" ? { description: body.description } : {}),
      metadata: (body.metadata ?? {}) as Record<string, string>,
      created_at: new Date().toISOString(),
      ...(status === "canceled"
        ? { cancellation_details: { party: "payout_network", reason: reason ?? "general_decline" } }
        : {}),
      test: true,
    };
    fake.payouts.set(payout.id, payout);
    return { status: 200, body: structuredClone(payout) };
  };

  server.route({
    method: "POST",
    path: /^\/payouts$/,
    handle: (request) => {
      const answer = server.idempotent(request, () => create((request.body ?? {}) as CreatePayoutBody));
      return fake.failAfterCreate ? errorAnswer(500, "internal_server_error", "Internal server error") : answer;
    },
  });
  server.route({
    method: "GET",
    path: /^\/payouts\/([^/]+)$/,
    handle: (request) => {
      const payout = fake.payouts.get(request.params[0]!);
      return payout
        ? { status: 200, body: structuredClone(payout) }
        : errorAnswer(404, "not_found", "Payout not found");
    },
  });
  server.route({
    method: "GET",
    path: /^\/sbp_banks$/,
    handle: () => ({ status: 200, body: { type: "list", items: fake.banks } }),
  });
  return fake;
}
