import { pushSubscriptionSchema, vapidKeySchema } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { currentPushSubscription, subscribeToPush } from "../lib/browser-push";

/** The outcome of asking for pushes: on, or why not (the user said no now, or had blocked the site before). */
export type PushStart = "on" | "denied" | "dismissed";

/**
 * Turns pushes on in this browser: asks permission (first, while the click still counts as the user's), gets the
 * server's VAPID key (GET /notifications/push/key), subscribes and stores the subscription
 * (POST /notifications/push/subscriptions). A subscription the server refused is dropped again, so the switch
 * and the browser never disagree.
 */
export async function startPush(): Promise<PushStart> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "dismissed";
  const { public_key } = vapidKeySchema.parse(await api.get("notifications/push/key").json());
  const subscription = await subscribeToPush(public_key);
  try {
    await api.post("notifications/push/subscriptions", { json: pushSubscriptionSchema.parse(subscription.toJSON()) });
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  return "on";
}

/** Turns pushes off in this browser: the server forgets the subscription (DELETE), then the browser drops it. */
export async function stopPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api.delete("notifications/push/subscriptions", { json: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
