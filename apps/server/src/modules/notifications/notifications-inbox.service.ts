import type { markNotificationsReadSchema, notificationsQuerySchema } from "@lootlane/contract";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { notifications, type Notification } from "../../db/schema/notifications.js";
import { validationError } from "../../platform/errors/app-error.js";
import type { Clock } from "../../platform/time/clock.js";
import { unreadCount } from "./notifications.jobs.js";
import { unreadCountChanged } from "./notifications.events.js";

/* The bell (issue 20): a user's own notifications, paged newest first, and marking them read. */

export type InboxPage = { rows: Notification[]; nextCursor: string | null; unreadCount: number };

/**
 * A page's cursor is the last row's (created_at, id), the order of notifications_user_created_idx. The time is
 * kept in whole microseconds since the epoch, as PostgreSQL stores it, so no row is skipped or repeated at the
 * boundary; the client sees it only as an opaque string.
 */
type Cursor = { micros: string; id: string };

const CURSOR_TEXT = /^(\d{1,17}):([0-9a-f-]{36})$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.micros}:${cursor.id}`).toString("base64url");
}

function decodeCursor(text: string): Cursor {
  const match = CURSOR_TEXT.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match || !z.uuid().safeParse(match[2]).success)
    throw validationError([{ field: "before", message: "Not a cursor this list gave" }]);
  return { micros: match[1]!, id: match[2]! };
}

const createdMicros = sql<string>`(extract(epoch from ${notifications.createdAt}) * 1000000)::bigint`.mapWith(String);

/** GET /notifications: one page of the user's notifications, newest first, with their unread count. */
export async function listNotifications(
  db: Db,
  userId: string,
  { before, limit }: z.output<typeof notificationsQuerySchema>,
): Promise<InboxPage> {
  const cursor = before === undefined ? undefined : decodeCursor(before);
  const olderThanCursor =
    cursor &&
    sql`(${notifications.createdAt}, ${notifications.id}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;
  const [rows, unread] = await Promise.all([
    db
      .select({ row: notifications, micros: createdMicros })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), olderThanCursor))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit + 1),
    unreadCount(db, userId),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ row }) => row),
    nextCursor: rows.length > limit && last ? encodeCursor({ micros: last.micros, id: last.row.id }) : null,
    unreadCount: unread,
  };
}

/**
 * POST /notifications/read: the given rows (only the user's own; ids of anyone else's or of none change nothing),
 * or all of them. Answers the unread count after, and whether anything changed (then the user's other tabs are
 * told the count).
 */
export async function markNotificationsRead(
  db: Db,
  clock: Clock,
  userId: string,
  request: z.output<typeof markNotificationsReadSchema>,
): Promise<{ changed: boolean; unreadCount: number }> {
  return db.transaction(async (tx) => {
    const chosen = "ids" in request ? inArray(notifications.id, request.ids) : undefined;
    const read = await tx
      .update(notifications)
      .set({ readAt: clock() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), chosen))
      .returning({ id: notifications.id });
    if (read.length > 0) unreadCountChanged(tx, userId);
    return { changed: read.length > 0, unreadCount: await unreadCount(tx, userId) };
  });
}
