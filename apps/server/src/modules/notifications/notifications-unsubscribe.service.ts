import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { notificationEventNameSchema, type NotificationEventName } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { notificationPreferences } from "../../db/schema/notifications.js";
import { users } from "../../db/schema/users.js";
import { AppError } from "../../platform/errors/app-error.js";
import { channelsFor } from "./notifications-preferences.service.js";

/*
 * One-click unsubscribe (RFC 8058): every notification e-mail carries a link that turns off e-mails of its event
 * for its recipient without a sign-in. The link is `<user id>.<event>.<HMAC-SHA256 of both>`, under a key of its
 * own derived from JWT_SECRET, so it cannot be made for another user or event and is useless for anything else.
 * It never expires: a mail read a year later still unsubscribes, and all it can do is turn e-mails off.
 */

export type UnsubscribeKey = Buffer;
export type Unsubscribe = { event: NotificationEventName; email: boolean };

/** The key of the links, derived once per app: HKDF keeps it apart from the session tokens' use of the secret. */
export function unsubscribeKeyFor(jwtSecret: string): UnsubscribeKey {
  return Buffer.from(hkdfSync("sha256", jwtSecret, Buffer.alloc(0), "lootlane unsubscribe link v1", 32));
}

function mac(key: UnsubscribeKey, userId: string, event: NotificationEventName): Buffer {
  return createHmac("sha256", key).update(`${userId}.${event}`).digest();
}

/** The token of the user's link for one event's e-mails. */
export function unsubscribeToken(key: UnsubscribeKey, userId: string, event: NotificationEventName): string {
  return `${userId}.${event}.${mac(key, userId, event).toString("base64url")}`;
}

const tokenShape = z.tuple([z.uuid(), notificationEventNameSchema, z.string().regex(/^[A-Za-z0-9_-]{43}$/)]);

/** Who and what a token names, if this app signed it; compared in constant time. */
function readToken(key: UnsubscribeKey, token: string): { userId: string; event: NotificationEventName } {
  const parsed = tokenShape.safeParse(token.split("."));
  if (!parsed.success) throw new AppError("UNSUBSCRIBE_LINK_INVALID");
  const [userId, event, signature] = parsed.data;
  // Compared as text, not decoded: base64url's last character has spare bits, so decoding would accept variants.
  const expected = mac(key, userId, event).toString("base64url");
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) throw new AppError("UNSUBSCRIBE_LINK_INVALID");
  return { userId, event };
}

/** A link of a user deleted since is as invalid as a forged one. */
async function readLink(db: Db, key: UnsubscribeKey, token: string) {
  const link = readToken(key, token);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, link.userId));
  if (!user) throw new AppError("UNSUBSCRIBE_LINK_INVALID");
  return link;
}

/** What the unsubscribe page shows before the click: the link's event and whether its e-mails are on. */
export async function unsubscribeState(db: Db, key: UnsubscribeKey, token: string): Promise<Unsubscribe> {
  const { userId, event } = await readLink(db, key, token);
  return { event, email: (await channelsFor(db, userId, event)).email };
}

/** Turns the link's event's e-mails off (again, harmlessly, on a second click); other channels stay as they are. */
export async function unsubscribe(db: Db, key: UnsubscribeKey, token: string): Promise<Unsubscribe> {
  const { userId, event } = await readLink(db, key, token);
  await db
    .insert(notificationPreferences)
    .values({ userId, event, channel: "email", enabled: false })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.event, notificationPreferences.channel],
      set: { enabled: false },
    });
  return { event, email: false };
}
