import {
  buyHeadersSchema,
  IDEMPOTENCY_KEY_HEADER,
  topUpIdPathSchema,
  topUpRequestSchema,
  topUpSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { presentTopUp } from "./wallet-top-ups.presenter.js";
import { createTopUp, getOwnTopUp, type TopUpDeps } from "./wallet-top-ups.service.js";

export type TopUpRoutesOptions = { deps: TopUpDeps; publicUrl: string | undefined };

const tags = ["wallet"];

/** Money in (issue 18): a signed-in user starts a top-up and follows it; the provider's page takes the payment. */
export const topUpRoutes: FastifyPluginAsyncZod<TopUpRoutesOptions> = async (app, { deps, publicUrl }) => {
  app.addHook("onRequest", requireUser);

  app.post(
    "/wallet/top-ups",
    {
      schema: {
        tags,
        summary: `Start a top-up of whole roubles: answers the provider's confirmation_url to pay at. The balance is credited once the provider confirms the payment. Limits per top-up (422 on amount) and per 24 hours (TOP_UP_DAILY_LIMIT_REACHED); TOP_UPS_DISABLED when no provider is configured; an ${IDEMPOTENCY_KEY_HEADER} header makes retries safe`,
        headers: buyHeadersSchema,
        body: topUpRequestSchema,
        response: { 200: topUpSchema, ...errorResponses(401, 403, 409, 422, 429, 502) },
      },
    },
    async (request) => {
      const origin = publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
      const topUp = await createTopUp(
        deps,
        signedInUser(request),
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
        origin,
      );
      return presentTopUp(topUp);
    },
  );

  app.get(
    "/wallet/top-ups/:id",
    {
      schema: {
        tags,
        summary: "One of the user's own top-ups with its current status",
        params: topUpIdPathSchema,
        response: { 200: topUpSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => presentTopUp(await getOwnTopUp(deps.db, signedInUser(request), request.params.id)),
  );
};
