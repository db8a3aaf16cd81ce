import {
  successResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import type { AuthDeps } from "./auth.context.js";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "./auth-two-factor.service.js";

export type TwoFactorRoutesOptions = { deps: AuthDeps };

const tags = ["auth"];

/** Two-factor sign-in of the signed-in user (issue 22): set it up, turn it on, turn it off. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, { deps }) => {
  app.addHook("onRequest", requireUser);

  app.post(
    "/auth/2fa/setup",
    {
      schema: {
        tags,
        summary: "Start (or restart) the set-up: a new secret for the authenticator app",
        response: { 200: twoFactorSetupResponseSchema, ...errorResponses(401, 403, 409) },
      },
    },
    (request) => startTwoFactorSetup(deps, signedInUser(request)),
  );

  app.post(
    "/auth/2fa/enable",
    {
      schema: {
        tags,
        summary: "Turn two-factor sign-in on with a first code from the app; answers the recovery codes once",
        body: twoFactorEnableRequestSchema,
        response: { 200: twoFactorEnableResponseSchema, ...errorResponses(400, 401, 403, 409, 422, 429) },
      },
    },
    (request) => enableTwoFactor(deps, signedInUser(request), request.body.code),
  );

  app.post(
    "/auth/2fa/disable",
    {
      schema: {
        tags,
        summary: "Turn two-factor sign-in off with the password and a code (not for admins)",
        body: twoFactorDisableRequestSchema,
        response: { 200: successResponseSchema, ...errorResponses(400, 401, 403, 409, 422, 429) },
      },
    },
    async (request) => {
      await disableTwoFactor(deps, signedInUser(request), request.body);
      return { success: true } as const;
    },
  );
};
