import {
  adminDealsQuerySchema,
  balanceAdjustmentRequestSchema,
  balanceResultSchema,
  dealIdParamsSchema,
  dealPageSchema,
  dealSchema,
  kopecksToRoubles,
  resolveDisputeRequestSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAdmin, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import type { ChatNotifier } from "../chats/chats.events.js";
import { adjustBalance, listAdminDeals, resolveDealDispute } from "./deals-admin.service.js";
import { presentDeal, presentDealPage } from "./deals.presenter.js";
import type { DealDeps } from "./deals-purchase.service.js";

export type AdminDealRoutesOptions = { deps: DealDeps; notifier: Pick<ChatNotifier, "dealMessagePosted"> };

const tags = ["admin", "deals"];

/** The admin's side of deals and money (beyond the spec: /admin/deals and balance adjustments). Admins only. */
export const adminDealsRoutes: FastifyPluginAsyncZod<AdminDealRoutesOptions> = async (app, { deps, notifier }) => {
  app.addHook("onRequest", requireAdmin);

  app.get(
    "/admin/deals",
    {
      schema: {
        tags,
        summary: "Every deal (or those of one status or one user), open disputes first, then newest",
        querystring: adminDealsQuerySchema,
        response: { 200: dealPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentDealPage(await listAdminDeals(deps.db, request.query), deps.cipher),
  );

  app.post(
    "/admin/deals/:id/resolve",
    {
      schema: {
        tags,
        summary:
          "Resolve a disputed deal: release the money to the seller, or refund the buyer and put the product back on sale or withdraw it",
        params: dealIdParamsSchema,
        body: resolveDisputeRequestSchema,
        response: { 200: dealSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { view, messageId } = await resolveDealDispute(
        deps,
        signedInUser(request),
        request.params.id,
        request.body,
      );
      if (messageId) await notifier.dealMessagePosted(messageId);
      return presentDeal(view, deps.cipher);
    },
  );

  app.post(
    "/admin/balance-adjustment",
    {
      schema: {
        tags,
        summary:
          "Add to (positive) or take from (negative) a user's balance; one ledger transaction with the admin as actor",
        body: balanceAdjustmentRequestSchema,
        response: { 200: balanceResultSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({ balance: kopecksToRoubles(await adjustBalance(deps, signedInUser(request), request.body)) }),
  );
};
