import { sessionIdParamsSchema, signInSessionsResponseSchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clearAuthCookies } from "../../platform/auth/auth-cookies.js";
import { guardedRoutes, requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import type { AuthDeps } from "./auth.context.js";
import { endSignIn, listSignIns } from "./auth-sign-ins.service.js";

export type SignInsRoutesOptions = { deps: AuthDeps };

const tags = ["auth"];

/** Sessions you can see (issue 22): the user's signed-in devices, and signing one of them out. */
export const signInsRoutes: FastifyPluginAsyncZod<SignInsRoutesOptions> = async (app, { deps }) => {
  await app.register(
    guardedRoutes(requireUser, async (signedIn) => {
      signedIn.get(
        "/auth/sessions",
        {
          schema: {
            tags,
            summary: "The user's signed-in devices: browser, rough place, last active; `current` marks this one",
            response: { 200: signInSessionsResponseSchema, ...errorResponses(401, 403) },
          },
        },
        async (request) => ({ sessions: await listSignIns(deps, signedInUser(request)) }),
      );

      signedIn.delete(
        "/auth/sessions/:id",
        {
          schema: {
            tags,
            summary: "Sign out one of the user's devices; its sockets close",
            params: sessionIdParamsSchema,
            response: { 204: z.undefined().describe("Signed out"), ...errorResponses(401, 403, 404) },
          },
        },
        async (request, reply) => {
          const user = signedInUser(request);
          const current = await endSignIn(deps, user, request.params.id);
          if (current) clearAuthCookies(reply);
          return reply.code(204).send();
        },
      );
    }),
  );
};
