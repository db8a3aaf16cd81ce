import {
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  successResponseSchema,
  vapidKeySchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { guardedRoutes, requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { removePushSubscription, savePushSubscription, type PushRules } from "./notifications-push.service.js";

const tags = ["notifications"];

/**
 * Web push (issue 20): the VAPID key a browser subscribes with, and the browser's subscription kept or dropped
 * when its user turns pushes on or off in Settings (the web app's service worker shows what arrives).
 */
export const notificationsPushRoutes: FastifyPluginAsyncZod<{ db: Db; rules: PushRules; publicKey: string }> = async (
  app,
  { db, rules, publicKey },
) => {
  app.get(
    "/notifications/push/key",
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (base64url), the applicationServerKey of a browser's subscription",
        response: { 200: vapidKeySchema },
      },
    },
    async () => ({ public_key: publicKey }),
  );

  await app.register(
    guardedRoutes(requireUser, async (signedIn) => {
      signedIn.post(
        "/notifications/push/subscriptions",
        {
          schema: {
            tags,
            summary:
              "Push to this browser: stores its PushSubscription (toJSON()) for the user, or refreshes it; an endpoint another user had moves here",
            body: pushSubscriptionSchema,
            response: { 200: successResponseSchema, ...errorResponses(401, 403, 409, 422) },
          },
        },
        async (request) => {
          const { body, headers } = request;
          await savePushSubscription(db, rules, signedInUser(request).id, body, headers["user-agent"]);
          return { success: true as const };
        },
      );

      signedIn.delete(
        "/notifications/push/subscriptions",
        {
          schema: {
            tags,
            summary: "Stop pushing to this browser: removes the user's subscription of the endpoint (none is fine)",
            body: pushUnsubscribeSchema,
            response: { 200: successResponseSchema, ...errorResponses(401, 403, 422) },
          },
        },
        async (request) => {
          await removePushSubscription(db, signedInUser(request).id, request.body.endpoint);
          return { success: true as const };
        },
      );
    }),
  );
};
