import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  adminWithdrawalsQuerySchema,
  approveWithdrawalSchema,
  rejectWithdrawalSchema,
  withdrawalDestinationSchema,
  withdrawalIdPathSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAdmin, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { presentAdminWithdrawal, presentAdminWithdrawalPage } from "./wallet-withdrawals.presenter.js";
import {
  approveWithdrawal,
  listAdminWithdrawals,
  loadAdminWithdrawal,
  rejectWithdrawal,
  revealDestination,
  type WithdrawalDeps,
} from "./wallet-withdrawals.service.js";

const tags = ["admin", "wallet"];

/** The admin's side of withdrawals (issue 18): the queue, the audited destination, approve and reject. Admins only. */
export const adminWithdrawalsRoutes: FastifyPluginAsyncZod<{ deps: WithdrawalDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", requireAdmin);
  const providerPayout = deps.payouts !== undefined;

  app.get(
    "/admin/withdrawals",
    {
      schema: {
        tags,
        summary: "Withdrawals (or those of one status): waiting ones oldest first, any other view newest first",
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: adminWithdrawalPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentAdminWithdrawalPage(await listAdminWithdrawals(deps.db, request.query), providerPayout),
  );

  app.get(
    "/admin/withdrawals/:id/destination",
    {
      schema: {
        tags,
        summary: "The full destination of a withdrawal, for paying it by hand; every reading goes to the audit log",
        params: withdrawalIdPathSchema,
        response: { 200: withdrawalDestinationSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const revealed = await revealDestination(deps, signedInUser(request), request.params.id);
      return { method: revealed.method, destination: revealed.destination, bank_id: revealed.bankId };
    },
  );

  app.post(
    "/admin/withdrawals/:id/approve",
    {
      schema: {
        tags,
        summary:
          "Approve a waiting withdrawal: paid by hand with the payment's reference, or, with ЮKassa payouts, sent as a payout that settles it",
        params: withdrawalIdPathSchema,
        body: approveWithdrawalSchema,
        response: { 200: adminWithdrawalSchema, ...errorResponses(401, 403, 404, 409, 422, 502) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await approveWithdrawal(deps, signedInUser(request), id, request.body);
      return presentAdminWithdrawal(await loadAdminWithdrawal(deps.db, id), providerPayout);
    },
  );

  app.post(
    "/admin/withdrawals/:id/reject",
    {
      schema: {
        tags,
        summary: "Reject a waiting withdrawal with a reason the user reads; the money goes back to their balance",
        params: withdrawalIdPathSchema,
        body: rejectWithdrawalSchema,
        response: { 200: adminWithdrawalSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await rejectWithdrawal(deps, signedInUser(request), id, request.body);
      return presentAdminWithdrawal(await loadAdminWithdrawal(deps.db, id), providerPayout);
    },
  );
};
