/* global self */
/*
 * Lootlane's service worker: shows the web pushes the server sends (`{title, body, url, tag}`, from
 * apps/server/src/modules/notifications/notifications-push.jobs.ts) and opens the page a clicked one leads to.
 * Served from the site's root, so its scope is the whole app. It caches nothing: pages always come from the server.
 */

const ICON = "/favicon.svg";
const SUBSCRIPTIONS = "/v1/notifications/push/subscriptions";

// Nothing to keep from an older version, so a new one takes over at once.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** A page of this site only: the payload names where to go, but nothing here opens another origin. */
function sameOriginUrl(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + "/";
  } catch {
    return self.location.origin + "/";
  }
}

function messageOf(event) {
  try {
    const message = event.data ? event.data.json() : {};
    return message && typeof message === "object" ? message : {};
  } catch {
    return {};
  }
}

self.addEventListener("push", (event) => {
  const message = messageOf(event);
  // Browsers require every push to show a notification; one that could not be read still says where it is from.
  const title = typeof message.title === "string" && message.title !== "" ? message.title : "Lootlane";
  const options = {
    body: typeof message.body === "string" ? message.body : "",
    icon: ICON,
    data: { url: sameOriginUrl(typeof message.url === "string" ? message.url : "/") },
  };
  // The same tag replaces the notification shown before (a chat's count going up), and alerts again.
  if (typeof message.tag === "string" && message.tag !== "")
    Object.assign(options, { tag: message.tag, renotify: true });
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

function sendSubscription(method, body) {
  return fetch(SUBSCRIPTIONS, {
    method,
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function renewSubscription(event) {
  const old = event.oldSubscription;
  const renewed =
    event.newSubscription || (old && old.options ? await self.registration.pushManager.subscribe(old.options) : null);
  if (renewed) await sendSubscription("POST", renewed.toJSON());
  if (old && (!renewed || renewed.endpoint !== old.endpoint))
    await sendSubscription("DELETE", { endpoint: old.endpoint });
}

/**
 * The browser replaced the subscription (keys rotated, or it expired): the server is told of the new one so pushes
 * keep arriving, and forgets the old one. Best effort: when the session has lapsed, the app subscribes again on
 * its next load.
 */
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(renewSubscription(event).catch(() => undefined));
});
