import {
  markNotificationsReadSchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import type { Realtime } from "../../platform/realtime/socket-server.js";
import type { Clock } from "../../platform/time/clock.js";
import { listNotifications, markNotificationsRead } from "./notifications-inbox.service.js";
import { readPreferences, savePreferences } from "./notifications-preferences.service.js";
import { createUnreadCountCache } from "./notifications-unread.cache.js";
import { presentNotification } from "./notifications.presenter.js";
import { announceUnreadCount } from "./notifications.service.js";

export type NotificationRoutesOptions = {
  db: Db;
  clock: Clock;
  realtime: Pick<Realtime, "io">;
  redisUrl: string | undefined;
};

const tags = ["notifications"];

/** The signed-in user's own notifications (issue 20): the bell's list, reading them, and what is sent where. */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { db, clock, realtime, redisUrl },
) => {
  const unread = await createUnreadCountCache(db, { redisUrl, log: app.log });
  app.addHook("onClose", () => unread.close());
  app.addHook("onRequest", requireUser);

  app.get(
    "/notifications",
    {
      schema: {
        tags,
        summary:
          "The user's notifications, newest first, with the unread count; `before` is the previous page's `next_cursor`",
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const page = await listNotifications(db, signedInUser(request).id, request.query);
      return {
        notifications: page.rows.map(presentNotification),
        next_cursor: page.nextCursor,
        unread_count: page.unreadCount,
      };
    },
  );

  app.post(
    "/notifications/read",
    {
      schema: {
        tags,
        summary:
          "Mark some of the user's notifications read (ids of others' are ignored), or all of them; their other tabs follow",
        body: markNotificationsReadSchema,
        response: { 200: unreadCountSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { changed, unreadCount: count } = await markNotificationsRead(db, clock, user.id, request.body);
      if (changed) await announceUnreadCount(db, realtime, user.id);
      return { unread_count: count };
    },
  );

  app.get(
    "/notifications/unread-count",
    {
      schema: {
        tags,
        summary: "How many of the user's notifications are unread: the bell's number",
        response: { 200: unreadCountSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ unread_count: await unread.get(signedInUser(request).id) }),
  );

  app.get(
    "/notifications/preferences",
    {
      schema: {
        tags,
        summary:
          "Every event with the channels it is sent to (in the app, e-mail, push): the user's choices over the defaults",
        response: { 200: notificationPreferencesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ preferences: await readPreferences(db, signedInUser(request).id) }),
  );

  app.put(
    "/notifications/preferences",
    {
      schema: {
        tags,
        summary: "Change the channels of the events given (the others keep theirs); answers every event's",
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({
      preferences: await savePreferences(db, signedInUser(request).id, request.body.preferences),
    }),
  );
};
