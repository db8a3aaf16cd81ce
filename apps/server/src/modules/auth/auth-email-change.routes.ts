import {
  changeEmailRequestSchema,
  codeSentResponseSchema,
  emailChangeCodeRequestSchema,
  successResponseSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { guardedRoutes, requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { requestContext, type AuthDeps } from "./auth.context.js";
import { changeEmail, sendEmailChangeCode } from "./auth-email-change.service.js";

export type EmailChangeRoutesOptions = { deps: AuthDeps };

const tags = ["auth"];

/** Change of e-mail (issue 22): a code to the new address, then the switch and a notice to the old one. */
export const emailChangeRoutes: FastifyPluginAsyncZod<EmailChangeRoutesOptions> = async (app, { deps }) => {
  await app.register(
    guardedRoutes(requireUser, async (signedIn) => {
      signedIn.post(
        "/auth/email-change-code",
        {
          schema: {
            tags,
            summary: "E-mail change step one: with the password, mail a code to the new address",
            body: emailChangeCodeRequestSchema,
            response: { 200: codeSentResponseSchema, ...errorResponses(400, 401, 403, 409, 422, 429, 502) },
          },
        },
        (request) => sendEmailChangeCode(deps, signedInUser(request), request.body, requestContext(request)),
      );

      signedIn.post(
        "/auth/change-email",
        {
          schema: {
            tags,
            summary: "E-mail change step two: the code makes the new address the account's; the old one is told",
            body: changeEmailRequestSchema,
            response: { 200: successResponseSchema, ...errorResponses(400, 401, 403, 409, 422, 429) },
          },
        },
        async (request) => {
          await changeEmail(deps, signedInUser(request), request.body, requestContext(request));
          return { success: true } as const;
        },
      );
    }),
  );
};
