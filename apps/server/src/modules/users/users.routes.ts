import {
  AVATAR_FILE_FIELD,
  errorResponseSchema,
  updateAvatarRequestSchema,
  updateAvatarResponseSchema,
  updateDescriptionRequestSchema,
  userLanguageSchema,
  userProfileResponseSchema,
  usernameParamsSchema,
  userSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { optionalUser, requireUser, signedInUser, guardedRoutes } from "../../platform/auth/index.js";
import { readSingleFileUpload } from "../../platform/images/upload-request.js";
import type { UploadQuota } from "../../platform/images/upload-quota.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import { presentAvatar, presentProfile, presentUser } from "./users.presenter.js";
import {
  getProfileWithStats,
  replaceAvatar,
  setLanguage,
  updateDescription,
  type OnlineUsers,
} from "./users.service.js";
import { multipartBody } from "../../platform/http/request-parsing.js";

/**
 * SPEC.md §7 Users (GET /users/{id}/purchases lives with the deals). The guards run onRequest, before any body
 * is parsed or validated: a guest gets 401, never a validation answer, and a guest's upload is never read.
 */
export type UsersRoutesOptions = { db: Db; media: MediaStore; uploadLimits: UploadQuota; presence: OnlineUsers };

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { db, media, uploadLimits, presence },
) => {
  await app.register(
    guardedRoutes(optionalUser, async (anyone) => {
      anyone.get(
        "/users/:username",
        {
          schema: {
            tags: ["users"],
            summary:
              "A user's profile with their stats as a seller: the full user for themself and admins, the public profile for anyone else",
            params: usernameParamsSchema,
            response: { 200: userProfileResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
          },
        },
        async (request) =>
          presentProfile(await getProfileWithStats(db, presence, request.params.username, request.user)),
      );
    }),
  );

  await app.register(
    guardedRoutes(requireUser, async (signedIn) => {
      signedIn.post(
        "/users/description",
        {
          schema: {
            tags: ["users"],
            summary: "Change the signed-in user's description; an empty one clears it",
            body: updateDescriptionRequestSchema,
            response: { 200: userSchema, 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema },
          },
        },
        async (request) => presentUser(await updateDescription(db, signedInUser(request).id, request.body.description)),
      );

      signedIn.put(
        "/users/language",
        {
          schema: {
            tags: ["users"],
            summary: "The language the server writes to the signed-in user in (e-mails, pushes), from the selector",
            body: userLanguageSchema,
            response: {
              204: z.undefined().describe("Stored"),
              401: errorResponseSchema,
              403: errorResponseSchema,
              422: errorResponseSchema,
            },
          },
        },
        async (request, reply) => {
          await setLanguage(db, signedInUser(request).id, request.body.language);
          return reply.code(204).send();
        },
      );

      signedIn.patch(
        "/users/avatar",
        {
          schema: {
            tags: ["users"],
            summary: "Replace the signed-in user's avatar with an uploaded .jpg, .jpeg or .png image",
            consumes: ["multipart/form-data"],
            // For the API documentation only (multipartBody).
            body: updateAvatarRequestSchema,
            response: {
              200: updateAvatarResponseSchema,
              400: errorResponseSchema,
              401: errorResponseSchema,
              403: errorResponseSchema,
              409: errorResponseSchema,
              413: errorResponseSchema,
              422: errorResponseSchema,
              429: errorResponseSchema,
            },
          },
          ...multipartBody,
        },
        async (request) => {
          const user = signedInUser(request);
          const upload = await readSingleFileUpload(request, AVATAR_FILE_FIELD);
          return presentAvatar(await replaceAvatar({ db, media, uploadLimits, log: request.log }, user.id, upload));
        },
      );
    }),
  );
};
