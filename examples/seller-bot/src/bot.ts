import type { IncomingMessage, ServerResponse } from "node:http";
import createClient from "openapi-fetch";
import type { paths } from "./lootlane-api.js";
import { isSignedWebhook } from "./signature.js";

/*
 * A seller's bot: Lootlane tells it of orders and messages by webhook, and it acts through the API with a
 * personal access token holding only `deals:write` (deliver) and `chats:write` (answer). Types come from the API's
 * OpenAPI document (`npm run generate`), so a call the API does not offer does not compile.
 */

export type BotOptions = {
  /** The Lootlane server, e.g. https://lootlane.example. */
  baseUrl: string;
  /** A personal access token with deals:write and chats:write. */
  token: string;
  /** The webhook's signing secret (whsec_…), shown once when it was added. */
  webhookSecret: string;
  /** What manual orders get, one line each, handed out in order. */
  stock: string[];
  /** The answer to a buyer's message. */
  reply: (message: string) => string;
};

/** Webhook bodies this bot acts on (docs/api.md lists every event). */
type Event =
  | {
      type: "order.created";
      data: { deal_id: string; chat_id: string; product_title: string; delivered_units: number[] };
    }
  | { type: "message.created"; data: { chat_id: string; sender_username: string; text: string } }
  | { type: string; data: unknown };

const BODY_MAX_BYTES = 1024 * 1024;

export function createSellerBot(options: BotOptions) {
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.token}` },
  });
  const stock = [...options.stock];
  // Lootlane may deliver a webhook twice (a retry after a lost answer): its id says so.
  const seen = new Set<string>();

  async function act(event: Event): Promise<void> {
    if (event.type === "order.created") {
      const order = event.data as Extract<Event, { type: "order.created" }>["data"];
      // Units of an automatic listing were handed over by Lootlane already; a manual order is ours to deliver.
      if (order.delivered_units.length > 0) return;
      const goods = stock.shift();
      const text = goods
        ? `Thank you for buying ${order.product_title}! Here it is:\n${goods}`
        : `Thank you for buying ${order.product_title}! We are out of stock for a moment and will deliver shortly.`;
      const { error } = await api.POST("/v1/deals/{id}/deliver", {
        params: { path: { id: order.deal_id } },
        body: { text },
      });
      if (error) throw new Error(`delivering failed: ${error.detail.error_code}`);
    } else if (event.type === "message.created") {
      const message = event.data as Extract<Event, { type: "message.created" }>["data"];
      const { error } = await api.POST("/v1/chats/{id}/messages", {
        params: { path: { id: message.chat_id } },
        body: { text: options.reply(message.text) },
      });
      if (error) throw new Error(`answering failed: ${error.detail.error_code}`);
    }
  }

  /**
   * The webhook endpoint: a request not signed with our secret is refused (401); an event is acted on before the
   * answer, so a failure answers 500 and Lootlane tries again later.
   */
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const id = String(request.headers["webhook-id"] ?? "");
    if (body === undefined || !isSignedWebhook(options.webhookSecret, request.headers, body)) {
      response.writeHead(401).end();
      return;
    }
    if (seen.has(id)) {
      response.writeHead(204).end();
      return;
    }
    try {
      await act(JSON.parse(body) as Event);
      seen.add(id);
      response.writeHead(204).end();
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  }

  return { handle };
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_MAX_BYTES) chunks.push(chunk);
    });
    request.on("end", () => resolve(size <= BODY_MAX_BYTES ? Buffer.concat(chunks).toString("utf8") : undefined));
    request.on("error", () => resolve(undefined));
  });
}
