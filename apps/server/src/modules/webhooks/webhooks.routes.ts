import {
  createdWebhookSchema,
  createWebhookRequestSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookListSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { resendDelivery } from "./webhooks.jobs.js";
import { presentDelivery, presentWebhook } from "./webhooks.presenter.js";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, type WebhookDeps } from "./webhooks.service.js";

export type WebhookRoutesOptions = { deps: WebhookDeps };

const tags = ["api"];

/**
 * A seller's webhook endpoints (issue 25). Managed with a session only: no route names an `apiScope`, so a token
 * cannot point the account's events somewhere else.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, { deps }) => {
  app.addHook("onRequest", requireUser);

  app.get(
    "/webhooks",
    {
      schema: {
        tags,
        summary: "The user's webhook endpoints and their events; never the signing secrets",
        response: { 200: webhookListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ webhooks: (await listWebhooks(deps.db, signedInUser(request).id)).map(presentWebhook) }),
  );

  app.post(
    "/webhooks",
    {
      schema: {
        tags,
        summary:
          "Register an https endpoint on a public address for events; the answer is the only time its signing secret is shown",
        body: createWebhookRequestSchema,
        response: { 200: createdWebhookSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => {
      const { row, secret } = await createWebhook(deps, signedInUser(request).id, request.body);
      return { id: row.id, secret };
    },
  );

  app.delete(
    "/webhooks/:id",
    {
      schema: {
        tags,
        summary: "Delete a webhook endpoint: nothing more is sent to it, retries included",
        params: webhookIdParamsSchema,
        response: { 204: z.undefined().describe("Deleted"), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await deleteWebhook(deps.db, signedInUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/webhooks/:id/deliveries",
    {
      schema: {
        tags,
        summary: "The endpoint's latest deliveries, newest first, each with its tries and what the endpoint answered",
        params: webhookIdParamsSchema,
        response: { 200: webhookDeliveryListSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({
      deliveries: (await listDeliveries(deps.db, signedInUser(request).id, request.params.id)).map(presentDelivery),
    }),
  );

  app.post(
    "/webhooks/:id/deliveries/:deliveryId/resend",
    {
      schema: {
        tags,
        summary: "Send a delivery again now, with the same id and body and a new signature; answers it with this try",
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliverySchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) =>
      presentDelivery(
        await resendDelivery(deps, signedInUser(request).id, request.params.id, request.params.deliveryId),
      ),
  );
};
