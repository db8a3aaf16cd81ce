import { statementPageSchema, statementQuerySchema, walletSchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiScope, requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { presentStatementPage, presentWallet } from "./wallet.presenter.js";
import { createUserMoneyCache } from "../ledger/ledger.service.js";
import { statementOf, walletOf, type WalletDeps } from "./wallet.service.js";

const tags = ["wallet"];

/** The signed-in user's own wallet (issue 18): the balances with the rules of paying in and out, and the statement. */
export const walletRoutes: FastifyPluginAsyncZod<{ deps: WalletDeps; redisUrl: string | undefined }> = async (
  app,
  { deps: walletDeps, redisUrl },
) => {
  const money = await createUserMoneyCache(walletDeps.db, { redisUrl, log: app.log });
  app.addHook("onClose", () => money.close());
  const deps = { ...walletDeps, money };
  app.addHook("onRequest", requireUser);
  apiScope(app, "wallet:read");

  app.get(
    "/wallet",
    {
      schema: {
        tags,
        summary:
          "The user's money: available to spend or withdraw, held for withdrawals waiting to be paid, both together, and the top-up and withdrawal rules",
        response: { 200: walletSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => presentWallet(await walletOf(deps, signedInUser(request).id)),
  );

  app.get(
    "/wallet/statement",
    {
      schema: {
        tags,
        summary:
          "Every movement of the user's available money, newest first: what moved it, the signed amount, the balance after it and the deal, top-up or withdrawal it belongs to",
        querystring: statementQuerySchema,
        response: { 200: statementPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentStatementPage(await statementOf(deps.db, signedInUser(request).id, request.query)),
  );
};
