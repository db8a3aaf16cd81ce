import {
  chatIdParamsSchema,
  chatIdPathSchema,
  chatProductSchema,
  chatListItemSchema,
  chatListSchema,
  chatMessageListSchema,
  chatMessagesQuerySchema,
  createChatRequestSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import type { ChatNotifier } from "./chats.events.js";
import { presentChatListItem, presentChatProduct, presentMessage } from "./chats.presenter.js";
import { chatProductView } from "./chats-cards.service.js";
import { listMessages } from "./chats-messages.service.js";
import { listChats, openChat } from "./chats.service.js";
import type { ChatDeps } from "./chats.views.js";
import { errorResponses } from "../../platform/http/error-responses.js";

export type ChatRoutesOptions = { deps: ChatDeps; cipher: DataCipher; notifier: ChatNotifier };

const tags = ["chats"];

/**
 * SPEC.md §7 Chats plus "Message seller". Every call needs a signed-in user; what they may see of a chat is
 * decided by chats.access.ts. Live delivery is the socket's (chats.socket.ts); these calls tell it when a
 * member's chat list changed, so their other tabs follow.
 */
export const chatsRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { deps, cipher, notifier }) => {
  app.addHook("onRequest", requireUser);

  app.get(
    "/chats/",
    {
      schema: {
        tags,
        summary: "The viewer's chats, latest activity first, with unread counts and the other user's presence",
        response: { 200: chatListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => (await listChats(deps, signedInUser(request))).map(presentChatListItem),
  );

  app.get(
    "/chats/:id/messages",
    {
      schema: {
        tags,
        summary:
          "One page of a chat's messages, oldest first; `before` pages back. A member reading marks the chat read",
        params: chatIdParamsSchema,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessageListSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { views, read } = await listMessages(deps, user, request.params.id, request.query);
      if (read.markedRead) await notifier.chatChanged(request.params.id, [user.id]);
      if (read.notificationRead) await notifier.notificationsRead(user.id);
      return views.map((view) => presentMessage(view, user.id, cipher));
    },
  );

  app.post(
    "/chats/",
    {
      schema: {
        tags,
        summary: "Message seller: the buyer's chat about an active product of someone else, created on first use",
        body: createChatRequestSchema,
        response: { 200: chatListItemSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const row = await openChat(deps, user, request.body.product_id);
      // The seller's list shows the new chat at once; the buyer's other tabs too.
      await notifier.chatChanged(row.chat.id, [row.chat.sellerId, row.chat.buyerId]);
      return presentChatListItem(row);
    },
  );

  app.get(
    "/products/get/chat/:chatId",
    {
      schema: {
        tags: ["deals"],
        summary: "A chat's product with its latest deal; the goods for the seller, admins and the buyer who paid",
        params: chatIdPathSchema,
        response: { 200: chatProductSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const viewer = signedInUser(request);
      return presentChatProduct(await chatProductView(deps, viewer, request.params.chatId), viewer, cipher);
    },
  );
};
