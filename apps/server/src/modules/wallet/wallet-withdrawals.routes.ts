import {
  sbpBankListSchema,
  withdrawalIdPathSchema,
  withdrawalPageSchema,
  withdrawalRequestSchema,
  withdrawalSchema,
  withdrawalsQuerySchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { presentWithdrawal, presentWithdrawalPage } from "./wallet-withdrawals.presenter.js";
import {
  cancelWithdrawal,
  listOwnWithdrawals,
  requestWithdrawal,
  type WithdrawalDeps,
} from "./wallet-withdrawals.service.js";

const tags = ["wallet"];

/** A user's withdrawals (issue 18): ask to take money out, see them, cancel one still waiting. Signed-in users. */
export const walletWithdrawalsRoutes: FastifyPluginAsyncZod<{ deps: WithdrawalDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", requireUser);

  app.post(
    "/wallet/withdrawals",
    {
      schema: {
        tags,
        summary:
          "Ask to withdraw: the amount plus the fee moves from the balance to held at once, and waits for an admin (or a ЮKassa payout)",
        body: withdrawalRequestSchema,
        response: { 200: withdrawalSchema, ...errorResponses(401, 403, 409, 422, 502) },
      },
    },
    async (request) => presentWithdrawal(await requestWithdrawal(deps, signedInUser(request), request.body)),
  );

  app.get(
    "/wallet/withdrawals",
    {
      schema: {
        tags,
        summary: "The user's own withdrawals, newest first, destinations masked",
        querystring: withdrawalsQuerySchema,
        response: { 200: withdrawalPageSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => presentWithdrawalPage(await listOwnWithdrawals(deps.db, signedInUser(request), request.query)),
  );

  app.delete(
    "/wallet/withdrawals/:id",
    {
      schema: {
        tags,
        summary: "Cancel one of the user's withdrawals still waiting; the money goes back to the balance",
        params: withdrawalIdPathSchema,
        response: { 200: withdrawalSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => presentWithdrawal(await cancelWithdrawal(deps, signedInUser(request), request.params.id)),
  );

  app.get(
    "/wallet/sbp-banks",
    {
      schema: {
        tags,
        summary: "The banks an SBP withdrawal can go to, when payouts go through ЮKassa; empty otherwise",
        response: { 200: sbpBankListSchema, ...errorResponses(401, 502) },
      },
    },
    async () => deps.sbpBanks(),
  );
};
