import {
  NOTIFICATION_DEFAULTS,
  notificationEventNames,
  type NotificationChannel,
  type NotificationEventName,
  type notificationPreferenceSchema,
} from "@lootlane/contract";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { notificationPreferences } from "../../db/schema/notifications.js";

export type Preference = z.output<typeof notificationPreferenceSchema>;
export type Channels = Record<NotificationChannel, boolean>;

/** Every event's switches for the user: their own choices over the defaults. */
export async function readPreferences(db: Db, userId: string): Promise<Preference[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return notificationEventNames.map((event) => {
    const channels = { ...NOTIFICATION_DEFAULTS[event] };
    for (const row of rows) if (row.event === event) channels[row.channel] = row.enabled;
    return { event, ...channels };
  });
}

/** One event's switches for the user (what delivery asks before each channel). */
export async function channelsFor(db: Db, userId: string, event: NotificationEventName): Promise<Channels> {
  const rows = await db
    .select({ channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.event, event)));
  const channels = { ...NOTIFICATION_DEFAULTS[event] };
  for (const row of rows) channels[row.channel] = row.enabled;
  return channels;
}

/**
 * Stores the given events' switches (others keep theirs) and answers every event's. An event given twice keeps
 * its last switches, as a form sent twice would.
 */
export async function savePreferences(db: Db, userId: string, changes: readonly Preference[]): Promise<Preference[]> {
  const latest = new Map(changes.map((change) => [change.event, change]));
  const rows = [...latest.values()].flatMap((change) =>
    (["in_app", "email", "push"] as const).map((channel) => ({
      userId,
      event: change.event,
      channel,
      enabled: change[channel],
    })),
  );
  if (rows.length > 0)
    await db
      .insert(notificationPreferences)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.event, notificationPreferences.channel],
        set: { enabled: sql`excluded.enabled` },
      });
  return readPreferences(db, userId);
}
