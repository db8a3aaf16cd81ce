import type { pushSubscriptionSchema } from "@lootlane/contract";
import { and, count, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { pushSubscriptions, type PushSubscriptionRow } from "../../db/schema/notifications.js";
import { users } from "../../db/schema/users.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { pushEndpointProblem } from "../../platform/push/push-endpoint.js";
import { pushKeysProblem } from "../../platform/push/push-sender.js";

/** How many browsers one user may get pushes in; each is a request per notification, so it is not unbounded. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export type PushRules = { production: boolean };

/**
 * Stores the browser's subscription for the user, or refreshes it (a browser re-subscribes with new keys). The
 * endpoint is the browser's own, so one that another account had moves to this one: whoever signed in last on a
 * browser gets its pushes. The user's row is locked, so two browsers subscribing at once cannot pass the limit.
 */
export async function savePushSubscription(
  db: Db,
  rules: PushRules,
  userId: string,
  subscription: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  const endpointProblem = pushEndpointProblem(subscription.endpoint, rules.production);
  if (endpointProblem) throw validationError([{ field: "endpoint", message: endpointProblem }]);
  const keysProblem = pushKeysProblem(subscription.keys.p256dh, subscription.keys.auth);
  if (keysProblem) throw validationError([keysProblem]);
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, subscription.endpoint)));
    if (others!.n >= PUSH_SUBSCRIPTIONS_MAX) throw new AppError("PUSH_SUBSCRIPTION_LIMIT");
    const values = {
      userId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
    };
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint: subscription.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  });
}

/** Removes the user's subscription of that endpoint; another user's, or none, is left as it is. */
export async function removePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export function pushSubscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function pushSubscriptionById(db: Db, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** The push service said the subscription is gone (or we will not call it): nothing more is sent there. */
export async function dropPushSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
