/*
 * The browser's side of web push: the service worker (public/sw.js, served from the site root so it covers every
 * page) and its push subscription.
 */

const SERVICE_WORKER_URL = "/sw.js";

/** Why this browser cannot take pushes, or null when it can. */
export function pushUnavailability(): "unsupported" | "denied" | null {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  return Notification.permission === "denied" ? "denied" : null;
}

/** The VAPID public key as the server gives it (base64url, no padding), as the bytes PushManager wants. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This browser's subscription, if it has one (without registering the worker). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Registers the worker and subscribes with the server's key. A subscription left from an earlier key is dropped
 * first: the browser refuses to subscribe again with a different key.
 */
export async function subscribeToPush(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(publicKey),
  });
}
