import { unsubscribeQuerySchema, unsubscribeRequestSchema, unsubscribeSchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { unsubscribe, unsubscribeState, type UnsubscribeKey } from "./notifications-unsubscribe.service.js";

const tags = ["notifications"];

/**
 * The links of notification e-mails, which need no sign-in: the signed token in the query names the user and
 * the event. The web page `/unsubscribe` reads with GET and unsubscribes with POST; mail providers POST the same
 * address from List-Unsubscribe themselves, with RFC 8058's form body and from no origin of ours.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: Db; key: UnsubscribeKey }> = async (app, { db, key }) => {
  app.get(
    "/notifications/unsubscribe",
    {
      schema: {
        tags,
        summary: "The event of an e-mail's unsubscribe link and whether its e-mails are on; changes nothing; public",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeSchema, ...errorResponses(400, 422) },
      },
    },
    async (request) => unsubscribeState(db, key, request.query.token),
  );

  app.post(
    "/notifications/unsubscribe",
    {
      schema: {
        tags,
        summary:
          "Turns off the e-mails of the link's event for its user (RFC 8058 one-click: the form body `List-Unsubscribe=One-Click`, or JSON); public, from any origin",
        querystring: unsubscribeQuerySchema,
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribeSchema, ...errorResponses(400, 422) },
      },
      config: { signedLink: true },
    },
    async (request) => unsubscribe(db, key, request.query.token),
  );
};
