import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { isDeepStrictEqual } from "node:util";
import type { YookassaCredentials } from "../config.js";
import { freePort } from "./free-port.js";

/*
 * ЮKassa's API v3 as a real HTTP server on 127.0.0.1, following its published behaviour, so our adapter is tested
 * through the protocol and not through a stand-in function:
 *   - HTTP Basic auth with a shop's (or a payout gateway's) id and secret key, else 401 invalid_credentials
 *     (https://yookassa.ru/developers/using-api/basics);
 *   - errors as `{type: "error", id, code, description, parameter}` with 400 invalid_request, 401, 404 not_found,
 *     500 internal_server_error (https://yookassa.ru/developers/using-api/response-handling/http-codes);
 *   - POST needs an Idempotence-Key: the same key with the same body answers the first object, the same key with
 *     another body is refused (https://yookassa.ru/developers/using-api/interaction-format#idempotence);
 *   - POST /payments, GET /payments/{id} (https://yookassa.ru/developers/api#payment_object); a payment waits in
 *     `pending` until the test pays or cancels it, as the payer would on ЮKassa's page;
 *   - notifications `{type: "notification", event, object}` posted to our app
 *     (https://yookassa.ru/developers/using-api/webhooks).
 * Routes live in a table so payouts can be added from another file (fake.route(...)).
 */

export type FakeRequest = {
  method: string;
  path: string;
  /** The route pattern's capture groups. */
  params: string[];
  body: unknown;
  idempotenceKey: string | undefined;
  /** The id of the shop or gateway whose credentials the request carried. */
  accountId: string;
};

export type FakeAnswer = { status: number; body: unknown };

export type FakeRoute = {
  method: "GET" | "POST";
  /** Matched against the path under the API root (e.g. /payments/abc). */
  path: RegExp;
  handle(request: FakeRequest): FakeAnswer;
};

/** `down`: every call answers 500 internal_server_error; `hang`: calls are accepted and never answered. */
export type FakeMode = "up" | "down" | "hang";

export type FakePayment = {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation?: { type: string; confirmation_url: string; return_url?: string };
  created_at: string;
  captured_at?: string;
  description?: string;
  metadata: Record<string, string>;
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  test: boolean;
  cancellation_details?: { party: string; reason: string };
};

const API_ROOT = "/v3";

export class FakeYookassa {
  /** Every request that reached a route, in order (rejected ones included). */
  readonly requests: Array<{ method: string; path: string; idempotenceKey: string | undefined }> = [];
  readonly payments = new Map<string, FakePayment>();
  mode: FakeMode = "up";

  private readonly accounts = new Map<string, string>();
  private readonly routes: FakeRoute[] = [];
  private readonly idempotence = new Map<string, { body: unknown; answer: FakeAnswer }>();
  /** What GET /payments/{id} answers instead of the stored payment, field by field (a tampered or stale answer). */
  private readonly paymentOverlays = new Map<string, Partial<FakePayment>>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    /** The shop's credentials, pointed at this server. */
    readonly shop: YookassaCredentials,
  ) {
    this.accounts.set(shop.id, shop.secret);
    for (const route of paymentRoutes(this)) this.route(route);
  }

  static async start(): Promise<FakeYookassa> {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    const fake = new FakeYookassa(server, origin, {
      apiUrl: `${origin}${API_ROOT}`,
      id: "100500",
      secret: `test_${randomUUID().replaceAll("-", "")}`,
    });
    server.on("request", (request, response) => void fake.serve(request, response));
    server.on("connection", (socket) => {
      fake.sockets.add(socket);
      socket.on("close", () => fake.sockets.delete(socket));
    });
    return fake;
  }

  /** Another account of this server (e.g. a payout gateway), with its own credentials. */
  account(id: string): YookassaCredentials {
    const secret = `test_${randomUUID().replaceAll("-", "")}`;
    this.accounts.set(id, secret);
    return { apiUrl: this.shop.apiUrl, id, secret };
  }

  /** Adds a route; later routes are matched after earlier ones. */
  route(route: FakeRoute): void {
    this.routes.push(route);
  }

  /**
   * ЮKassa's idempotence: the first call with a key runs `create`, a repeat with the same body answers what the
   * first call answered, a repeat with a different body is refused.
   */
  idempotent(request: FakeRequest, create: () => FakeAnswer): FakeAnswer {
    if (!request.idempotenceKey)
      return errorAnswer(400, "invalid_request", "Idempotence-Key header is required", "Idempotence-Key");
    const key = `${request.accountId}:${request.method}:${request.path}:${request.idempotenceKey}`;
    const seen = this.idempotence.get(key);
    if (seen) {
      if (isDeepStrictEqual(seen.body, request.body)) return seen.answer;
      return errorAnswer(
        400,
        "invalid_request",
        "Idempotence key duplicated: a request with this key and other parameters was already made",
        "Idempotence-Key",
      );
    }
    const answer = create();
    if (answer.status === 200) this.idempotence.set(key, { body: request.body, answer });
    return answer;
  }

  /** The payer pays on ЮKassa's page. */
  succeedPayment(id: string): FakePayment {
    const payment = this.payment(id);
    delete payment.confirmation;
    Object.assign(payment, { status: "succeeded", paid: true, captured_at: new Date().toISOString() });
    return payment;
  }

  /** The payer declines, or the payment expires unpaid. */
  cancelPayment(id: string, reason = "expired_on_confirmation"): FakePayment {
    const payment = this.payment(id);
    delete payment.confirmation;
    Object.assign(payment, { status: "canceled", cancellation_details: { party: "yoo_money", reason } });
    return payment;
  }

  /** From now on GET /payments/{id} answers these fields over the stored payment. */
  tamperPayment(id: string, overlay: Partial<FakePayment>): void {
    this.paymentOverlays.set(id, overlay);
  }

  /** The payment as GET /payments/{id} answers it. */
  paymentAsAnswered(id: string): FakePayment {
    return { ...this.payment(id), ...this.paymentOverlays.get(id) };
  }

  /** The payment the shop made with this Idempotence-Key (our top-up id), if any. */
  paymentByKey(idempotenceKey: string): FakePayment | undefined {
    const key = `${this.shop.id}:POST:/payments:${idempotenceKey}`;
    const body = this.idempotence.get(key)?.answer.body as FakePayment | undefined;
    return body ? this.payment(body.id) : undefined;
  }

  /** The body ЮKassa posts to the shop's notification URL. */
  notificationBody(event: string, object: unknown): { type: "notification"; event: string; object: unknown } {
    return { type: "notification", event, object };
  }

  /** Posts a notification of a payment (as it is stored now, or as given) to our app's URL, as ЮKassa does. */
  async notify(url: string, event: string, object: unknown): Promise<Response> {
    return fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(this.notificationBody(event, object)),
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private payment(id: string): FakePayment {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`The fake ЮKassa has no payment ${id}`);
    return payment;
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", this.origin);
    const path = url.pathname.startsWith(API_ROOT) ? url.pathname.slice(API_ROOT.length) : url.pathname;
    const idempotenceKey = header(request, "idempotence-key");
    this.requests.push({ method: request.method ?? "", path, idempotenceKey });
    if (this.mode === "hang") return;
    const send = ({ status, body }: FakeAnswer) => {
      response.writeHead(status, { "content-type": "application/json;charset=UTF-8" });
      response.end(JSON.stringify(body));
    };
    if (this.mode === "down") return send(errorAnswer(500, "internal_server_error", "Internal server error"));

    const accountId = this.authenticate(header(request, "authorization"));
    if (accountId === undefined)
      return send(
        errorAnswer(401, "invalid_credentials", "Authentication by given credentials failed", "Authorization"),
      );
    let body: unknown;
    if (request.method === "POST") {
      if (!header(request, "content-type")?.startsWith("application/json"))
        return send({ status: 415, body: { type: "error", code: "invalid_request", description: "Unsupported type" } });
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return send(errorAnswer(400, "invalid_request", "Request body is not valid JSON"));
      }
    }
    for (const route of this.routes) {
      const match = route.method === request.method ? route.path.exec(path) : null;
      if (match)
        return send(
          route.handle({ method: route.method, path, params: match.slice(1), body, idempotenceKey, accountId }),
        );
    }
    send(errorAnswer(404, "not_found", "Incorrect URL"));
  }

  private authenticate(authorization: string | undefined): string | undefined {
    const match = /^Basic (.+)$/.exec(authorization ?? "");
    if (!match) return undefined;
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const id = decoded.slice(0, colon);
    return colon > 0 && this.accounts.get(id) === decoded.slice(colon + 1) ? id : undefined;
  }
}

/** ЮKassa's error body. */
export function errorAnswer(status: number, code: string, description: string, parameter?: string): FakeAnswer {
  return { status, body: { type: "error", id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) } };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

type CreatePaymentBody = {
  amount?: { value?: unknown; currency?: unknown };
  capture?: unknown;
  confirmation?: { type?: unknown; return_url?: unknown };
  description?: unknown;
  metadata?: unknown;
};

function paymentRoutes(fake: FakeYookassa): FakeRoute[] {
  return [
    {
      method: "POST",
      path: /^\/payments$/,
      handle: (request) =>
        fake.idempotent(request, () => {
          const body = (request.body ?? {}) as CreatePaymentBody;
          if (typeof body.amount?.value !== "string" || !/^\d+\.\d{2}$/.test(body.amount.value))
            return errorAnswer(400, "invalid_request", "Amount value is invalid", "amount.value");
          if (body.amount.currency !== "RUB")
            return errorAnswer(400, "invalid_request", "Currency is not supported", "amount.currency");
          if (body.confirmation?.type !== "redirect" || typeof body.confirmation.return_url !== "string")
            return errorAnswer(400, "invalid_request", "Confirmation is invalid", "confirmation");
          const id = randomUUID();
          const payment: FakePayment = {
            id,
            status: "pending",
            paid: false,
            amount: { value: body.amount.value, currency: body.amount.currency },
            confirmation: {
              type: "redirect",
              return_url: body.confirmation.return_url,
              confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`,
            },
            created_at: new Date().toISOString(),
            ...(typeof body.description === "string" ? { description: body.description } : {}),
            metadata: (body.metadata ?? {}) as Record<string, string>,
            recipient: { account_id: request.accountId, gateway_id: "100700" },
            refundable: false,
            test: true,
          };
          fake.payments.set(id, payment);
          return { status: 200, body: structuredClone(payment) };
        }),
    },
    {
      method: "GET",
      path: /^\/payments\/([^/]+)$/,
      handle: (request) =>
        fake.payments.has(request.params[0]!)
          ? { status: 200, body: fake.paymentAsAnswered(request.params[0]!) }
          : errorAnswer(404, "not_found", "Payment not found"),
    },
  ];
}
