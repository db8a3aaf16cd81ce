import {
  adminUpdateUserRequestSchema,
  adminUserIdParamsSchema,
  adminUserPageSchema,
  adminUserSchema,
  adminUserSearchQuerySchema,
  adminUsersQuerySchema,
  banUserRequestSchema,
  unbanUserRequestSchema,
  userSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAdmin, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { presentUser } from "../users/users.presenter.js";
import { banUser, unbanUser } from "./admin-bans.service.js";
import type { User as UserRow } from "../../db/schema/users.js";
import type { AdminDeps } from "./admin.deps.js";
import { presentAdminUser, presentUserPage } from "./admin-users.presenter.js";
import { getUser, listUsers, searchUsers, updateUser } from "./admin-users.service.js";
import { countLinkedAccountReviews } from "../reviews/reviews.service.js";

const tags = ["admin", "users"];

/** SPEC.md §7 Admin: the users list and search, one user, the edit, ban and unban. Admins only. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ deps: AdminDeps }> = async (app, { deps }) => {
  const adminView = async (user: UserRow) => presentAdminUser(user, await countLinkedAccountReviews(deps.db, user.id));

  app.addHook("onRequest", requireAdmin);

  app.get(
    "/admin/users",
    {
      schema: {
        tags,
        summary: "Every user, newest first, with the total",
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentUserPage(await listUsers(deps.db, request.query)),
  );

  app.get(
    "/admin/users/search",
    {
      schema: {
        tags,
        summary: "Users whose username or e-mail contains q, any letter case; % and _ are taken literally",
        querystring: adminUserSearchQuerySchema,
        response: { 200: adminUserPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentUserPage(await searchUsers(deps.db, request.query)),
  );

  app.get(
    "/admin/user/:id",
    {
      schema: {
        tags,
        summary: "One user, every field",
        params: adminUserIdParamsSchema,
        response: { 200: adminUserSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => adminView(await getUser(deps.db, request.params.id)),
  );

  app.patch(
    "/admin/user/:id",
    {
      schema: {
        tags,
        summary:
          "Change the fields sent (a balance through the ledger, is_banned as a ban or unban); answers the updated user",
        params: adminUserIdParamsSchema,
        body: adminUpdateUserRequestSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => adminView(await updateUser(deps, signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    "/admin/ban-user",
    {
      schema: {
        tags,
        summary:
          "Ban a user (not an admin, not oneself): sessions and sockets end, products on sale are suspended; answers the user",
        body: banUserRequestSchema,
        response: { 200: userSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => presentUser(await banUser(deps, signedInUser(request), request.body.id)),
  );

  app.post(
    "/admin/unban-user",
    {
      schema: {
        tags,
        summary: "Lift a ban: suspended products go back on sale; the user signs in again. Answers the user",
        body: unbanUserRequestSchema,
        response: { 200: userSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => presentUser(await unbanUser(deps, signedInUser(request), request.body.user_id)),
  );
};
