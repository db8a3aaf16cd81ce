import {
  chatIdParamsSchema,
  chatIdPathSchema,
  chatProductSchema,
  chatListItemSchema,
  chatListSchema,
  chatMessageListSchema,
  chatMessagesQuerySchema,
  createChatRequestSchema,
  chatMessageSchema,
  dealIdParamsSchema,
  postChatMessageRequestSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser, type AuthUser } from "../../platform/auth/index.js";
import type { Chat } from "../../db/schema/chats.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import type { ChatNotifier } from "./chats.events.js";
import { presentChatListItem, presentChatProduct, presentMessage } from "./chats.presenter.js";
import { chatProductView } from "./chats-cards.service.js";
import { deliverInDeal } from "./chats-delivery.service.js";
import { listMessages, postMessage } from "./chats-messages.service.js";
import { listChats, openChat } from "./chats.service.js";
import { createChatListCache } from "./chats-list.cache.js";
import type { ChatDeps, MessageView } from "./chats.views.js";
import { errorResponses } from "../../platform/http/error-responses.js";

export type ChatRoutesOptions = {
  deps: ChatDeps;
  cipher: DataCipher;
  notifier: ChatNotifier;
  redisUrl: string | undefined;
};

const tags = ["chats"];

/**
 * SPEC.md §7 Chats plus "Message seller". Every call needs a signed-in user; what they may see of a chat is
 * decided by chats.access.ts. Live delivery is the socket's (chats.socket.ts); these calls tell it when a
 * member's chat list changed, so their other tabs follow.
 */
export const chatsRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (
  app,
  { deps, cipher, notifier, redisUrl },
) => {
  const lists = await createChatListCache(deps.db, { redisUrl, log: app.log });
  app.addHook("onClose", () => lists.close());
  app.addHook("onRequest", requireUser);

  /** A stored message goes to everyone in the chat's room, as the socket's would; the sender gets it as the answer. */
  const announce = async (user: AuthUser, { chat, view }: { chat: Chat; view: MessageView }) => {
    const message = presentMessage(view, user.id, cipher);
    await notifier.messagePosted(chat, message);
    return message;
  };

  app.get(
    "/chats/",
    {
      config: { apiScope: "chats:read" },
      schema: {
        tags,
        summary: "The viewer's chats, latest activity first, with unread counts and the other user's presence",
        response: { 200: chatListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => (await listChats(deps, lists, signedInUser(request))).map(presentChatListItem),
  );

  app.get(
    "/chats/:id/messages",
    {
      config: { apiScope: "chats:read" },
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
    "/chats/:id/messages",
    {
      config: { apiScope: "chats:write" },
      schema: {
        tags,
        summary:
          "Send a text message in a chat: what the socket's send_message does, for programs and as the web app's fallback",
        params: chatIdParamsSchema,
        body: postChatMessageRequestSchema,
        response: { 200: chatMessageSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return announce(user, await postMessage(deps, user, request.params.id, request.body.text));
    },
  );

  app.post(
    "/deals/:id/deliver",
    {
      config: { apiScope: "deals:write" },
      schema: {
        tags: ["deals"],
        summary:
          "The seller hands over a deal's goods as a message in its chat, while the deal waits for the buyer's confirmation",
        params: dealIdParamsSchema,
        body: postChatMessageRequestSchema,
        response: { 200: chatMessageSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return announce(user, await deliverInDeal(deps, user, request.params.id, request.body.text));
    },
  );

  app.post(
    "/chats/",
    {
      config: { apiScope: "chats:write" },
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
      config: { apiScope: "chats:read" },
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
