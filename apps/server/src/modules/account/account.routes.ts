import {
  ACCOUNT_EXPORT_FILE_NAME,
  accountExportSchema,
  deleteAccountRequestSchema,
  successResponseSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clearAuthCookies } from "../../platform/auth/auth-cookies.js";
import { guardedRoutes, requireUser, signedInUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { deleteAccount, type AccountDeps } from "./account-deletion.service.js";
import { exportAccount } from "./account-export.service.js";

export type AccountRoutesOptions = { deps: AccountDeps; cipher: DataCipher };

/**
 * Deleting one's account and exporting one's data (issue 22). Deletion is a POST under /auth/ with the password
 * in the body, like the other credential calls: a DELETE with a body is dropped by some proxies and clients.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { deps, cipher }) => {
  await app.register(
    guardedRoutes(requireUser, async (signedIn) => {
      signedIn.post(
        "/auth/delete-account",
        {
          schema: {
            tags: ["auth"],
            summary:
              "Delete the account for good: refused while deals are open or money is on it; the profile is anonymised, the ledger kept",
            body: deleteAccountRequestSchema,
            response: { 200: successResponseSchema, ...errorResponses(400, 401, 403, 409, 422, 429) },
          },
        },
        async (request, reply) => {
          await deleteAccount(deps, signedInUser(request), request.body);
          clearAuthCookies(reply);
          return { success: true } as const;
        },
      );

      signedIn.get(
        "/users/me/export",
        {
          schema: {
            tags: ["users"],
            summary: "Download one's own data as a JSON file",
            response: { 200: accountExportSchema, ...errorResponses(401, 403) },
          },
        },
        async (request, reply) => {
          const data = await exportAccount({ auth: deps.auth, cipher }, signedInUser(request));
          reply.header("content-disposition", `attachment; filename="${ACCOUNT_EXPORT_FILE_NAME}"`);
          reply.header("cache-control", "no-store");
          return data;
        },
      );
    }),
  );
};
