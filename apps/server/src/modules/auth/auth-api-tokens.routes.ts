import {
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createApiToken, listApiTokens, requireUser, revokeApiToken, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import type { AuthDeps } from "./auth.context.js";
import { presentApiToken } from "./auth-api-tokens.presenter.js";

export type ApiTokensRoutesOptions = { deps: Pick<AuthDeps, "db" | "clock"> };

const tags = ["api"];

/**
 * Personal access tokens of the seller API (issue 25). Managed with a session only: the routes name no `apiScope`,
 * so a token can neither mint nor revoke tokens.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod<ApiTokensRoutesOptions> = async (app, { deps }) => {
  app.addHook("onRequest", requireUser);

  app.get(
    "/tokens",
    {
      schema: {
        tags,
        summary: "The user's personal access tokens with their scopes, expiry and last use; never the tokens",
        response: { 200: apiTokenListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ tokens: (await listApiTokens(deps.db, signedInUser(request).id)).map(presentApiToken) }),
  );

  app.post(
    "/tokens",
    {
      schema: {
        tags,
        summary: "Create a personal access token; the answer is the only time the token is shown",
        body: createApiTokenRequestSchema,
        response: { 200: createdApiTokenSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) => {
      const { row, token } = await createApiToken(deps.db, deps.clock, signedInUser(request).id, request.body);
      return { id: row.id, token };
    },
  );

  app.delete(
    "/tokens/:id",
    {
      schema: {
        tags,
        summary: "Revoke a personal access token: it stops working at once, on every instance",
        params: apiTokenIdParamsSchema,
        response: { 204: z.undefined().describe("Revoked"), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await revokeApiToken(deps.db, signedInUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
};
