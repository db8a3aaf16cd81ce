import {
  buyHeadersSchema,
  buyRequestSchema,
  confirmReceiptResultSchema,
  dealIdParamsSchema,
  dealListSchema,
  dealSchema,
  IDEMPOTENCY_KEY_HEADER,
  openDisputeRequestSchema,
  productIdBodySchema,
  purchaseResultSchema,
  userDealsParamsSchema,
  userDealsQuerySchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import type { ChatNotifier } from "../chats/chats.events.js";
import type { DealAlerts } from "./deals.alerts.js";
import { presentDeal } from "./deals.presenter.js";
import { confirmReceipt, listUserDeals, reportDeal } from "./deals.service.js";
import { buyProduct, type DealDeps } from "./deals-purchase.service.js";

export type DealRoutesOptions = {
  deps: DealDeps;
  notifier: Pick<ChatNotifier, "dealMessagePosted">;
  alerts: DealAlerts;
};

const tags = ["deals"];

/**
 * Buying and the buyer's side of a deal (SPEC.md §7 /products/buy, /products/confirm-receipt,
 * /users/{id}/purchases; beyond the spec sales and disputes). Every call needs a
 * signed-in user. Each move's message is pushed to the chat after its transaction committed.
 */
export const dealsRoutes: FastifyPluginAsyncZod<DealRoutesOptions> = async (app, { deps, notifier, alerts }) => {
  app.addHook("onRequest", requireUser);

  app.post(
    "/products/buy",
    {
      schema: {
        tags,
        summary: `Buy a product on sale: the price goes into the deal's escrow and the purchase card into the chat. A price the buyer saw that is no longer the price is refused (PRICE_CHANGED); an ${IDEMPOTENCY_KEY_HEADER} header makes retries safe`,
        headers: buyHeadersSchema,
        body: buyRequestSchema,
        response: { 200: purchaseResultSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { result, messageId } = await buyProduct(
        deps,
        signedInUser(request),
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      // The card goes out after the answer rather than before it: the push reads the card for three audiences,
      // which the buyer need not wait for (it never throws; a failure is logged).
      if (messageId) void notifier.dealMessagePosted(messageId);
      return result;
    },
  );

  app.patch(
    "/products/confirm-receipt",
    {
      schema: {
        tags,
        summary:
          "The buyer confirms receipt: the seller is paid (less the commission); a repeat answers the completed deal",
        body: productIdBodySchema,
        response: { 200: confirmReceiptResultSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { view, messageId } = await confirmReceipt(deps, signedInUser(request), request.body.product_id);
      if (messageId) await notifier.dealMessagePosted(messageId);
      return presentDeal(view, deps.cipher);
    },
  );

  app.post(
    "/deals/:id/dispute",
    {
      schema: {
        tags,
        summary:
          "The buyer reports a deal not yet confirmed: it becomes disputed and waits for an admin, who is told live",
        params: dealIdParamsSchema,
        body: openDisputeRequestSchema,
        response: { 200: dealSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { view, messageId } = await reportDeal(deps, signedInUser(request), request.params.id, request.body);
      if (messageId) await notifier.dealMessagePosted(messageId);
      const deal = presentDeal(view, deps.cipher);
      alerts.disputeOpened(deal);
      return deal;
    },
  );

  for (const [path, side] of [
    ["/users/:id/purchases", "buyer"],
    ["/users/:id/sales", "seller"],
  ] as const) {
    app.get(
      path,
      {
        config: { apiScope: "deals:read" },
        schema: {
          tags,
          summary: `The user's deals as ${side}, newest first; for the user themself and admins`,
          params: userDealsParamsSchema,
          querystring: userDealsQuerySchema,
          response: { 200: dealListSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) =>
        (await listUserDeals(deps.db, signedInUser(request), request.params.id, side, request.query)).map((view) =>
          presentDeal(view, deps.cipher),
        ),
    );
  }
};
