import {
  CHAT_ATTACHMENT_FIELD,
  chatAttachmentFieldsSchema,
  chatAttachmentRequestSchema,
  chatIdParamsSchema,
  chatMessageSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiScope, requireUser, signedInUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { parseFormFields, readSingleFileForm } from "../../platform/images/upload-request.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { multipartBody } from "../../platform/http/request-parsing.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import type { UploadQuota } from "../../platform/images/upload-quota.js";
import type { ChatNotifier } from "./chats.events.js";
import { presentMessage } from "./chats.presenter.js";
import { postAttachment } from "./chats-attachments.service.js";
import type { ChatDeps } from "./chats.views.js";

export type ChatAttachmentRoutesOptions = {
  deps: ChatDeps;
  media: MediaStore;
  uploadLimits: UploadQuota;
  cipher: DataCipher;
  notifier: ChatNotifier;
};

/**
 * Issue 22, "Disputes with evidence": an image sent in a chat, stored as a message and delivered live to the
 * chat's room like a text message (the socket's `new_message`, same shape).
 */
export const chatAttachmentRoutes: FastifyPluginAsyncZod<ChatAttachmentRoutesOptions> = async (
  app,
  { deps, media, uploadLimits, cipher, notifier },
) => {
  app.addHook("onRequest", requireUser);
  apiScope(app, "chats:write");

  app.post(
    "/chats/:id/attachments",
    {
      schema: {
        tags: ["chats"],
        summary:
          "Send an image (.jpg, .jpeg, .png) with an optional caption in a chat: its members, or an admin while a deal in it is disputed",
        consumes: ["multipart/form-data"],
        params: chatIdParamsSchema,
        // For the API documentation only (multipartBody).
        body: chatAttachmentRequestSchema,
        response: { 200: chatMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 422, 429) },
      },
      ...multipartBody,
    },
    async (request) => {
      const user = signedInUser(request);
      const form = await readSingleFileForm(request, CHAT_ATTACHMENT_FIELD);
      const { text } = parseFormFields(chatAttachmentFieldsSchema, form.fields);
      const { chat, view } = await postAttachment(
        { ...deps, media, uploadLimits, log: request.log },
        user,
        request.params.id,
        form.file,
        text,
      );
      const message = presentMessage(view, user.id, cipher);
      await notifier.messagePosted(chat, message);
      return message;
    },
  );
};
