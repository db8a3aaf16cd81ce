import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { YookassaCredentials } from "../config.js";

/*
 * ЮKassa's payouts API as its docs publish it (https://yookassa.ru/developers/api#payout_object), on a local port:
 * POST /payouts (Basic auth of the payout gateway, Idempotence-Key: a repeat answers the same payout),
 * GET /payouts/{id}, GET /sbp_banks, and the API's error answers ({type: "error", code, description}). A test
 * decides how new payouts end (`outcome`), settles pending ones later (`settle`), and takes the API down (`down`).
 */

export type FakePayout = {
  id: string;
  status: "pending" | "succeeded" | "canceled";
  amount: { value: string; currency: string };
  payout_destination: Record<string, unknown>;
  description: string;
  metadata: Record<string, string>;
  created_at: string;
  cancellation_details?: { party: string; reason: string };
  test: boolean;
};

export type FakeYookassaPayouts = {
  gateway: YookassaCredentials;
  /** Every payout made, by id. */
  payouts: Map<string, FakePayout>;
  /** The bodies of POST /payouts received, repeats included. */
  createRequests: Array<{ idempotenceKey: string; body: Record<string, unknown> }>;
  /** How a new payout answers: `pending`, at once `succeeded`, or `canceled` for this reason. */
  outcome: { status: FakePayout["status"]; reason?: string };
  /** While set, every call answers 500 (as the API does when it cannot tell the outcome). */
  down: boolean;
  /** While set, POST /payouts makes the payout but the connection drops before the answer. */
  dropCreateAnswers: boolean;
  banks: Array<{ bank_id: string; name: string; bic: string }>;
  settle(payoutId: string, status: "succeeded" | "canceled", reason?: string): void;
  close(): Promise<void>;
};

export async function startFakeYookassaPayouts(): Promise<FakeYookassaPayouts> {
  const gateway = { id: "505050", secret: `test_${randomUUID()}` };
  const byKey = new Map<string, FakePayout>();
  const fake: Omit<FakeYookassaPayouts, "gateway" | "close"> = {
    payouts: new Map(),
    createRequests: [],
    outcome: { status: "succeeded" },
    down: false,
    dropCreateAnswers: false,
    banks: [
      { bank_id: "100000000111", name: "Сбербанк", bic: "044525225" },
      { bank_id: "100000000004", name: "Т-Банк", bic: "044525974" },
    ],
    settle(payoutId, status, reason) {
      const payout = fake.payouts.get(payoutId)!;
      payout.status = status;
      if (status === "canceled")
        payout.cancellation_details = { party: "payout_network", reason: reason ?? "general_decline" };
    },
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, code: string, description: string) =>
    answer(response, status, { type: "error", id: randomUUID(), code, description });

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => response.destroy());
  });
  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (fake.down) return error(response, 500, "internal_server_error", "Internal server error");
    const expected = `Basic ${Buffer.from(`${gateway.id}:${gateway.secret}`).toString("base64")}`;
    if (request.headers.authorization !== expected)
      return error(response, 401, "invalid_credentials", "Authentication by given credentials failed");
    const url = new URL((request.url ?? "/").replace(/^\/v3(?=\/)/, ""), "http://fake");
    if (request.method === "GET" && url.pathname === "/sbp_banks")
      return answer(response, 200, { type: "list", items: fake.banks });
    const one = /^\/payouts\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && one) {
      const payout = fake.payouts.get(decodeURIComponent(one[1]!));
      return payout ? answer(response, 200, payout) : error(response, 404, "not_found", "Payout not found");
    }
    if (request.method !== "POST" || url.pathname !== "/payouts") return error(response, 404, "not_found", "Not found");
    const key = request.headers["idempotence-key"];
    if (typeof key !== "string" || key === "")
      return error(response, 400, "invalid_request", "Idempotence key is missing");
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    } catch {
      return error(response, 400, "invalid_request", "Request body is not JSON");
    }
    fake.createRequests.push({ idempotenceKey: key, body });
    let payout = byKey.get(key);
    if (!payout) {
      const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
      const destination = body.payout_destination_data as Record<string, unknown> | undefined;
      if (typeof amount?.value !== "string" || amount.currency !== "RUB" || !destination)
        return error(response, 400, "invalid_request", "Incorrect amount or payout_destination_data");
      payout = {
        id: `po-${randomUUID()}`,
        status: fake.outcome.status,
        amount: { value: amount.value, currency: "RUB" },
        payout_destination: destination,
        description: String(body.description ?? ""),
        metadata: (body.metadata ?? {}) as Record<string, string>,
        created_at: new Date().toISOString(),
        ...(fake.outcome.status === "canceled"
          ? { cancellation_details: { party: "payout_network", reason: fake.outcome.reason ?? "general_decline" } }
          : {}),
        test: true,
      };
      byKey.set(key, payout);
      fake.payouts.set(payout.id, payout);
    }
    if (fake.dropCreateAnswers) return void response.destroy();
    return answer(response, 200, payout);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    gateway: { apiUrl: `http://127.0.0.1:${port}/v3`, ...gateway },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
