import type { IncomingMessage, ServerResponse } from "node:http";
import createClient from "openapi-fetch";
import type { paths } from "./lootlane-api.js";
import { isSignedWebhook } from "./signature.js";

/*
 * A seller's bot: Lootlane tells it of orders and messages by webhook, and it acts through the API with a
 * personal access token holding only `deals:write` (deliver), `chats:write` (answer) and `chats:read` (whose chat
 * a message is in). Types come from the API's OpenAPI document (`npm run generate`), so a call the API does not
 * offer does not compile.
 */

export type BotOptions = {
  /** The Lootlane server, e.g. https://lootlane.example. */
  baseUrl: string;
  /** A personal access token with deals:write, chats:write and chats:read. */
  token: string;
  /** The webhook's signing secret (whsec_…), shown once when it was added. */
  webhookSecret: string;
  /** What manual orders get, one line a unit, handed out in order. */
  stock: string[];
  /** The answer to a buyer's message. */
  reply: (message: string) => string;
};

/** The `data` of the events this bot acts on (docs/api.md lists every event; the others are acknowledged). */
type OrderCreated = {
  deal_id: string;
  product_title: string;
  quantity: number;
  delivered_units: number[];
};
type MessageCreated = { chat_id: string; text: string };

const BODY_MAX_BYTES = 1024 * 1024;

export function createSellerBot(options: BotOptions) {
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.token}` },
  });
  const stock = [...options.stock];
  // Lootlane sends a webhook again after an answer it did not get, and on a resend, with the same id: each id is
  // acted on once, and a repeat arriving meanwhile gets the first one's outcome. Kept in memory for the example;
  // a bot that restarts keeps them where it keeps its stock.
  const handled = new Map<string, Promise<void>>();

  /** A manual order: its quantity of lines from the stock, handed over in the deal's chat. */
  async function deliver(order: OrderCreated): Promise<void> {
    // Units of an automatic listing were handed over by Lootlane already; a manual order is ours to deliver.
    if (order.delivered_units.length > 0) return;
    const goods = stock.length >= order.quantity ? stock.splice(0, order.quantity) : [];
    const text =
      goods.length > 0
        ? `Thank you for buying ${order.product_title}! Here is your order:\n${goods.join("\n")}`
        : `Thank you for buying ${order.product_title}! We are out of stock for a moment and will deliver shortly.`;
    const { error } = await api.POST("/v1/deals/{id}/deliver", {
      params: { path: { id: order.deal_id } },
      body: { text },
    });
    if (!error) return;
    // Not handed over, so still ours to sell.
    stock.unshift(...goods);
    // A deal closed meanwhile (refunded) takes nothing more: trying again would not help.
    if (error.detail.error_code !== "INVALID_DEAL_STATUS") throw new Error(`delivering: ${error.detail.error_code}`);
  }

  /** A buyer's message in a chat about one of our listings gets the configured answer. */
  async function answer(message: MessageCreated): Promise<void> {
    // Lootlane tells a member only of the others' messages, so the bot never hears (and answers) itself. But this
    // account may be the buyer in another seller's chat, and an admin writes during a dispute: the bot answers in
    // chats about its own listings only, and leaves disputes to people.
    const { data: chat, error } = await api.GET("/v1/products/get/chat/{chatId}", {
      params: { path: { chatId: message.chat_id } },
    });
    if (error) throw new Error(`reading the chat: ${error.detail.error_code}`);
    if (!chat.is_owner || chat.deal?.status === "disputed") return;
    const { error: notSent } = await api.POST("/v1/chats/{id}/messages", {
      params: { path: { id: message.chat_id } },
      body: { text: options.reply(message.text) },
    });
    if (notSent) throw new Error(`answering: ${notSent.detail.error_code}`);
  }

  async function act(body: string): Promise<void> {
    const event = JSON.parse(body) as { type: string; data: unknown };
    if (event.type === "order.created") await deliver(event.data as OrderCreated);
    else if (event.type === "message.created") await answer(event.data as MessageCreated);
  }

  /**
   * The webhook endpoint: a request not signed with our secret is refused (401); an event is acted on before the
   * answer, so a failure answers 500 and Lootlane tries again later.
   */
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    if (body === undefined || !isSignedWebhook(options.webhookSecret, request.headers, body)) {
      response.writeHead(401).end();
      return;
    }
    const id = String(request.headers["webhook-id"]);
    let acting = handled.get(id);
    if (!acting) {
      acting = act(body);
      handled.set(id, acting);
      // A failed one is forgotten, so Lootlane's next try acts again.
      acting.catch(() => handled.delete(id));
    }
    try {
      await acting;
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
